#include "bench/common/distribution_svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string_view>

#include "bench/common/stats.h"

namespace isohost::bench {
namespace {

constexpr double kWidth = 960;
constexpr double kLabelWidth = 250;
constexpr double kRightMargin = 130;  // room for the "median" note
constexpr double kTop = 56;
constexpr double kRowHeight = 38;
constexpr double kBottom = 70;

std::string Escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string Num(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.1f", value);
  return buffer;
}

std::string TickLabel(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), value < 1 ? "%.2g" : "%.0f", value);
  return buffer;
}

// Maps a value to an x coordinate, and lists the axis ticks.
struct Axis {
  std::function<double(double)> x;
  std::vector<double> ticks;
};

// The largest 1, 2 or 5 times a power of ten at or below `v`; with
// `up`, the smallest at or above it. Axis ends on such values keep the
// distributions wide without odd tick labels.
double NiceBound(double v, bool up) {
  double decade = std::pow(10.0, std::floor(std::log10(v)));
  const double steps[] = {1, 2, 5, 10};
  if (up) {
    for (double step : steps) {
      if (decade * step >= v * 0.9999) return decade * step;
    }
    return decade * 10;
  }
  double bound = decade;
  for (double step : steps) {
    if (decade * step <= v * 1.0001) bound = decade * step;
  }
  return bound;
}

Axis MakeLogAxis(double lo, double hi, double x0, double x1) {
  lo = NiceBound(std::max(lo, 1e-3), false);
  hi = std::max(NiceBound(hi, true), lo * 2);
  Axis axis;
  double span = std::log10(hi) - std::log10(lo);
  axis.x = [=](double v) {
    return x0 + (std::log10(std::max(v, lo)) - std::log10(lo)) / span * (x1 - x0);
  };
  for (double decade = std::pow(10.0, std::floor(std::log10(lo))); decade < hi * 1.001;
       decade *= 10) {
    for (double step : {1.0, 2.0, 5.0}) {
      double tick = decade * step;
      if (tick >= lo * 0.999 && tick <= hi * 1.001) axis.ticks.push_back(tick);
    }
  }
  return axis;
}

Axis MakeLinearAxis(double hi, double x0, double x1) {
  double raw_step = std::max(hi, 1e-9) / 5;
  double magnitude = std::pow(10.0, std::floor(std::log10(raw_step)));
  double step = magnitude * (raw_step / magnitude > 5 ? 10 : raw_step / magnitude > 2 ? 5
                                                       : raw_step / magnitude > 1 ? 2 : 1);
  double top = std::ceil(hi / step) * step;
  Axis axis;
  axis.x = [=](double v) { return x0 + v / top * (x1 - x0); };
  for (double tick = 0; tick <= top * 1.0001; tick += step) axis.ticks.push_back(tick);
  return axis;
}

void AppendAxis(const Axis& axis, double y_top, double y_axis, const PlotOptions& options,
                std::string* svg) {
  for (double tick : axis.ticks) {
    std::string x = Num(axis.x(tick));
    *svg += "<line x1=\"" + x + "\" y1=\"" + Num(y_top) + "\" x2=\"" + x + "\" y2=\"" +
            Num(y_axis) + "\" stroke=\"#e4e4e4\"/>\n";
    *svg += "<text x=\"" + x + "\" y=\"" + Num(y_axis + 16) +
            "\" text-anchor=\"middle\" font-size=\"11\">" + TickLabel(tick) + "</text>\n";
  }
  double mid = (kLabelWidth + kWidth - kRightMargin) / 2;
  *svg += "<text x=\"" + Num(mid) + "\" y=\"" + Num(y_axis + 36) +
          "\" text-anchor=\"middle\" font-size=\"12\">" + Escape(options.unit) +
          (options.log_scale ? " (log scale)" : "") + "</text>\n";
  *svg += "<text x=\"" + Num(mid) + "\" y=\"" + Num(y_axis + 56) +
          "\" text-anchor=\"middle\" font-size=\"11\" fill=\"#666\">dots: samples; box: p25-p75; "
          "bar: median; whiskers: min-max; ticks: p90, p99</text>\n";
}

void AppendSeries(const PlotSeries& series, const Axis& axis, double y_center,
                  const std::string& unit, std::string* svg) {
  const std::string& color = series.color;
  *svg += "<text x=\"" + Num(kLabelWidth - 10) + "\" y=\"" + Num(y_center + 4) +
          "\" text-anchor=\"end\" font-size=\"12\">" + Escape(series.label) + "</text>\n";
  if (series.samples.empty()) return;
  Summary s = Summarize(series.samples);
  std::string yc = Num(y_center);
  *svg += "<line x1=\"" + Num(axis.x(s.min)) + "\" y1=\"" + yc + "\" x2=\"" + Num(axis.x(s.max)) +
          "\" y2=\"" + yc + "\" stroke=\"" + color + "\"/>\n";
  *svg += "<rect x=\"" + Num(axis.x(s.p25)) + "\" y=\"" + Num(y_center - 9) + "\" width=\"" +
          Num(std::max(1.0, axis.x(s.p75) - axis.x(s.p25))) +
          "\" height=\"18\" fill=\"" + color + "\" fill-opacity=\"0.18\" stroke=\"" + color + "\"/>\n";
  // Samples spread over the row height in a fixed pattern, so that equal
  // values stay visible and the picture is the same on every render.
  for (std::size_t i = 0; i < series.samples.size(); ++i) {
    double jitter = static_cast<double>((i * 7) % 13) / 12.0 * 20 - 10;
    *svg += "<circle cx=\"" + Num(axis.x(series.samples[i])) + "\" cy=\"" + Num(y_center + jitter) +
            "\" r=\"1.8\" fill=\"" + color + "\" fill-opacity=\"0.45\"/>\n";
  }
  *svg += "<line x1=\"" + Num(axis.x(s.median)) + "\" y1=\"" + Num(y_center - 12) + "\" x2=\"" +
          Num(axis.x(s.median)) + "\" y2=\"" + Num(y_center + 12) + "\" stroke=\"" + color +
          "\" stroke-width=\"3\"/>\n";
  for (double p : {s.p90, s.p99}) {
    *svg += "<line x1=\"" + Num(axis.x(p)) + "\" y1=\"" + Num(y_center - 5) + "\" x2=\"" +
            Num(axis.x(p)) + "\" y2=\"" + Num(y_center + 5) + "\" stroke=\"#222\"/>\n";
  }
  char note[64];
  std::snprintf(note, sizeof(note), "median %.2f %s", s.median, unit.c_str());
  *svg += "<text x=\"" + Num(kWidth - kRightMargin + 10) + "\" y=\"" + Num(y_center + 4) +
          "\" font-size=\"11\">" + note + "</text>\n";
}

}  // namespace

std::string RenderDistributionSvg(const std::vector<PlotSeries>& series,
                                  const PlotOptions& options) {
  double lo = INFINITY, hi = 0;
  for (const PlotSeries& one : series) {
    for (double v : one.samples) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  if (hi <= 0) lo = hi = 1;
  double x0 = kLabelWidth, x1 = kWidth - kRightMargin;
  Axis axis = options.log_scale ? MakeLogAxis(lo, hi, x0, x1) : MakeLinearAxis(hi, x0, x1);
  double y_axis = kTop + kRowHeight * static_cast<double>(series.size());
  double height = y_axis + kBottom;

  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + Num(kWidth) +
                    "\" height=\"" + Num(height) + "\" viewBox=\"0 0 " + Num(kWidth) + " " +
                    Num(height) + "\" font-family=\"sans-serif\">\n";
  svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg += "<text x=\"" + Num(kWidth / 2) + "\" y=\"28\" text-anchor=\"middle\" font-size=\"15\">" +
         Escape(options.title) + "</text>\n";
  AppendAxis(axis, kTop - 8, y_axis, options, &svg);
  svg += "<line x1=\"" + Num(x0) + "\" y1=\"" + Num(y_axis) + "\" x2=\"" + Num(x1) + "\" y2=\"" +
         Num(y_axis) + "\" stroke=\"#444\"/>\n";
  for (std::size_t i = 0; i < series.size(); ++i) {
    AppendSeries(series[i], axis, kTop + kRowHeight * (static_cast<double>(i) + 0.5), options.unit,
                 &svg);
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace isohost::bench
