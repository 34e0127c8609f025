#include "worker/api/buffer/simd.h"

#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace isohost::worker::buffer::simd {

#if defined(__x86_64__)

bool HasAvx2() {
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
}

namespace {

// AVX-512 with byte permutes (VBMI): 64 characters in one table lookup.
bool HasAvx512Vbmi() {
  static const bool has = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                          __builtin_cpu_supports("avx512vbmi");
  return has;
}

#define ISOHOST_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi")))

// GCC 12's byte-permute intrinsics start from an undefined register and
// then warn about it.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

// The 6-bit value of each ASCII character in either alphabet; 0x80 for the
// rest.
struct DecodeTable {
  alignas(64) std::uint8_t values[128];
};

constexpr DecodeTable MakeDecodeTable() {
  DecodeTable table{};
  constexpr char kStandard[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (auto& value : table.values) value = 0x80;
  for (int i = 0; i < 64; ++i) table.values[static_cast<std::uint8_t>(kStandard[i])] = static_cast<std::uint8_t>(i);
  table.values['-'] = 62;
  table.values['_'] = 63;
  return table;
}

constexpr DecodeTable kDecodeTable = MakeDecodeTable();

struct EncodeTables {
  alignas(64) char standard[64];
  alignas(64) char url[64];
  // For output byte j of 64: which input byte it comes from, so that each
  // group of three input bytes s0 s1 s2 becomes the four bytes s1 s0 s2 s1.
  alignas(64) std::uint8_t spread[64];
  // For output byte k of 48: where the decoded group of k/3 keeps it.
  alignas(64) std::uint8_t pack[64];
};

constexpr EncodeTables MakeEncodeTables() {
  EncodeTables tables{};
  constexpr char kStandard[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  constexpr char kUrl[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  for (int i = 0; i < 64; ++i) {
    tables.standard[i] = kStandard[i];
    tables.url[i] = kUrl[i];
  }
  for (int group = 0; group < 16; ++group) {
    tables.spread[4 * group] = static_cast<std::uint8_t>(3 * group + 1);
    tables.spread[4 * group + 1] = static_cast<std::uint8_t>(3 * group);
    tables.spread[4 * group + 2] = static_cast<std::uint8_t>(3 * group + 2);
    tables.spread[4 * group + 3] = static_cast<std::uint8_t>(3 * group + 1);
  }
  for (int k = 0; k < 48; ++k) tables.pack[k] = static_cast<std::uint8_t>(4 * (k / 3) + 2 - k % 3);
  return tables;
}

constexpr EncodeTables kEncodeTables = MakeEncodeTables();

ISOHOST_AVX512 std::size_t EncodeAvx512(const std::uint8_t* in, std::size_t size, char* out, bool url) {
  const __m512i spread = _mm512_load_si512(kEncodeTables.spread);
  const __m512i chars = _mm512_load_si512(url ? kEncodeTables.url : kEncodeTables.standard);
  // Each 32-bit word holds s1 s0 s2 s1 (lowest first); its four 6-bit
  // fields start at bits 10, 4, 22 and 16. Per 64-bit lane, twice.
  const __m512i fields = _mm512_set1_epi64(0x3036242a1016040aLL);
  std::size_t i = 0;
  for (; i + 48 <= size; i += 48) {
    __m512i bytes = _mm512_maskz_loadu_epi8(0x0000ffffffffffffull, in + i);
    __m512i arranged = _mm512_permutexvar_epi8(spread, bytes);
    __m512i values = _mm512_multishift_epi64_epi8(fields, arranged);
    _mm512_storeu_si512(out, _mm512_permutexvar_epi8(values, chars));  // uses the low 6 bits
    out += 64;
  }
  return i;
}

ISOHOST_AVX512 std::size_t DecodeAvx512(const std::uint8_t* in, std::size_t size, std::uint8_t* out,
                                        std::size_t capacity) {
  const __m512i low_table = _mm512_load_si512(kDecodeTable.values);
  const __m512i high_table = _mm512_load_si512(kDecodeTable.values + 64);
  const __m512i pack = _mm512_load_si512(kEncodeTables.pack);
  const __m512i pairs = _mm512_set1_epi32(0x01400140);  // first * 64 + second
  const __m512i quads = _mm512_set1_epi32(0x00011000);  // first pair * 4096 + second
  std::size_t i = 0;
  std::size_t written = 0;
  while (i + 64 <= size && capacity - written >= 64) {
    __m512i c = _mm512_loadu_si512(in + i);
    // The table is indexed by the low 7 bits; a byte of 0x80 or more, or a
    // character outside the alphabets, leaves its top bit set.
    __m512i values = _mm512_permutex2var_epi8(low_table, c, high_table);
    if (_mm512_movepi8_mask(_mm512_or_si512(values, c)) != 0) break;
    __m512i merged = _mm512_madd_epi16(_mm512_maddubs_epi16(values, pairs), quads);
    _mm512_storeu_si512(out + written, _mm512_permutexvar_epi8(pack, merged));
    i += 64;
    written += 48;
  }
  return i;
}

#pragma GCC diagnostic pop

}  // namespace

namespace {

__attribute__((target("avx2"))) std::size_t EncodeAvx2(const std::uint8_t* in, std::size_t size, char* out, bool url) {
  // Per 128-bit lane, 12 input bytes s0 s1 s2 ... become 16 bytes ordered
  // s1 s0 s2 s1 per group, so each 32-bit word holds a group's 24 bits in
  // two overlapping 16-bit halves.
  const __m256i spread = _mm256_setr_epi8(1, 0, 2, 1, 4, 3, 5, 4, 7, 6, 8, 7, 10, 9, 11, 10,
                                          1, 0, 2, 1, 4, 3, 5, 4, 7, 6, 8, 7, 10, 9, 11, 10);
  // The four 6-bit fields of each word, moved into its four bytes in order:
  // the first and third by a high multiply, the second and fourth by a low
  // one.
  const __m256i mask_ac = _mm256_set1_epi32(0x0fc0fc00);
  const __m256i shift_ac = _mm256_set1_epi32(0x04000040);
  const __m256i mask_bd = _mm256_set1_epi32(0x003f03f0);
  const __m256i shift_bd = _mm256_set1_epi32(0x01000010);
  // From a 6-bit value to its character: values below 26 are class 13,
  // 26..51 class 0, and 52..63 classes 1..12; each class adds one offset.
  const char plus = url ? '-' : '+';
  const char slash = url ? '_' : '/';
  const __m256i offsets = _mm256_setr_epi8(
      'a' - 26, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52,
      static_cast<char>(plus - 62), static_cast<char>(slash - 63), 'A', 0, 0,
      'a' - 26, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52,
      static_cast<char>(plus - 62), static_cast<char>(slash - 63), 'A', 0, 0);
  const __m256i fifty_one = _mm256_set1_epi8(51);
  const __m256i twenty_six = _mm256_set1_epi8(26);
  const __m256i thirteen = _mm256_set1_epi8(13);
  std::size_t i = 0;
  for (; i + 28 <= size; i += 24) {
    __m128i low = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i));
    __m128i high = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i + 12));
    __m256i bytes = _mm256_shuffle_epi8(_mm256_set_m128i(high, low), spread);
    __m256i ac = _mm256_mulhi_epu16(_mm256_and_si256(bytes, mask_ac), shift_ac);
    __m256i bd = _mm256_mullo_epi16(_mm256_and_si256(bytes, mask_bd), shift_bd);
    __m256i values = _mm256_or_si256(ac, bd);
    __m256i classes = _mm256_subs_epu8(values, fifty_one);
    __m256i below_26 = _mm256_cmpgt_epi8(twenty_six, values);
    classes = _mm256_or_si256(classes, _mm256_and_si256(below_26, thirteen));
    __m256i chars = _mm256_add_epi8(values, _mm256_shuffle_epi8(offsets, classes));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), chars);
    out += 32;
  }
  return i;
}

__attribute__((target("avx2"))) std::size_t DecodeAvx2(const std::uint8_t* in, std::size_t size, std::uint8_t* out,
                                                         std::size_t capacity) {
  // Validity by nibbles: each high nibble stands for a class bit, and each
  // low nibble lists the classes it completes to a character of either
  // alphabet. 0x2_: + - /; 0x3_: digits; 0x4_ and 0x6_: A-O, a-o;
  // 0x5_ and 0x7_: P-Z, p-z; 0x5_ also '_'. Bytes of 0x80 and up have no
  // class.
  const __m256i class_of_high = _mm256_setr_epi8(0, 0, 0x01, 0x02, 0x04, 0x18, 0x04, 0x08, 0, 0, 0, 0, 0, 0, 0, 0,
                                                 0, 0, 0x01, 0x02, 0x04, 0x18, 0x04, 0x08, 0, 0, 0, 0, 0, 0, 0, 0);
  const __m256i classes_of_low = _mm256_setr_epi8(
      0x0a, 0x0e, 0x0e, 0x0e, 0x0e, 0x0e, 0x0e, 0x0e, 0x0e, 0x0e, 0x0c, 0x05, 0x04, 0x05, 0x04, 0x15,
      0x0a, 0x0e, 0x0e, 0x0e, 0x0e, 0x0e, 0x0e, 0x0e, 0x0e, 0x0e, 0x0c, 0x05, 0x04, 0x05, 0x04, 0x15);
  // What to add to a character for its value: by high nibble, except for
  // the 0x2_ row, which goes by low nibble, and '_'.
  const __m256i offset_by_high = _mm256_setr_epi8(0, 0, 0, 4, -65, -65, -71, -71, 0, 0, 0, 0, 0, 0, 0, 0,
                                                  0, 0, 0, 4, -65, -65, -71, -71, 0, 0, 0, 0, 0, 0, 0, 0);
  const __m256i offset_of_symbols = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 62 - '+', 0, 62 - '-', 0, 63 - '/',
                                                     0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 62 - '+', 0, 62 - '-', 0, 63 - '/');
  const __m256i low_nibble = _mm256_set1_epi8(0x0f);
  const __m256i row_2 = _mm256_set1_epi8(0x02);
  const __m256i underscore = _mm256_set1_epi8('_');
  const __m256i underscore_offset = _mm256_set1_epi8(63 - '_');
  // Three output bytes from each 32-bit word, then the two lanes' 12 bytes
  // side by side.
  const __m256i pack = _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1,
                                        2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
  const __m256i join = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 7, 7);
  const __m256i pairs = _mm256_set1_epi32(0x01400140);  // first * 64 + second
  const __m256i quads = _mm256_set1_epi32(0x00011000);  // first pair * 4096 + second
  std::size_t i = 0;
  std::size_t written = 0;
  while (i + 32 <= size && capacity - written >= 32) {
    __m256i c = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i));
    __m256i high = _mm256_and_si256(_mm256_srli_epi16(c, 4), low_nibble);
    __m256i low = _mm256_and_si256(c, low_nibble);
    __m256i high_class = _mm256_shuffle_epi8(class_of_high, high);
    __m256i fits = _mm256_and_si256(high_class, _mm256_shuffle_epi8(classes_of_low, low));
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi8(fits, _mm256_setzero_si256())) != 0) break;
    __m256i offset = _mm256_shuffle_epi8(offset_by_high, high);
    offset = _mm256_blendv_epi8(offset, _mm256_shuffle_epi8(offset_of_symbols, low), _mm256_cmpeq_epi8(high, row_2));
    offset = _mm256_blendv_epi8(offset, underscore_offset, _mm256_cmpeq_epi8(c, underscore));
    __m256i values = _mm256_add_epi8(c, offset);
    __m256i merged = _mm256_madd_epi16(_mm256_maddubs_epi16(values, pairs), quads);
    __m256i bytes = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(merged, pack), join);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + written), bytes);
    i += 32;
    written += 24;
  }
  return i;
}

}  // namespace

std::size_t Base64EncodeBlocks(const std::uint8_t* in, std::size_t size, char* out, bool url) {
  std::size_t done = 0;
  if (HasAvx512Vbmi()) done = EncodeAvx512(in, size, out, url);
  if (HasAvx2()) done += EncodeAvx2(in + done, size - done, out + done / 3 * 4, url);
  return done;
}

std::size_t Base64DecodeBlocks(const std::uint8_t* in, std::size_t size, std::uint8_t* out, std::size_t capacity) {
  std::size_t done = 0;
  if (HasAvx512Vbmi()) done = DecodeAvx512(in, size, out, capacity);
  if (HasAvx2()) done += DecodeAvx2(in + done, size - done, out + done / 4 * 3, capacity - done / 4 * 3);
  return done;
}

__attribute__((target("avx2"))) std::size_t AsciiPrefixBlocksAvx2(const std::uint8_t* data, std::size_t size) {
  std::size_t i = 0;
  for (; i + 64 <= size; i += 64) {
    __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + i));
    __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + i + 32));
    if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) != 0) break;
  }
  return i;
}

__attribute__((target("avx2,popcnt"))) std::size_t Utf16ToUtf8ExtraBlocks(const std::uint16_t* units,
                                                                         std::size_t count, std::size_t* extra) {
  const __m256i above_ascii = _mm256_set1_epi16(static_cast<short>(0xff80));
  const __m256i above_two_bytes = _mm256_set1_epi16(static_cast<short>(0xf800));
  const __m256i surrogate = _mm256_set1_epi16(static_cast<short>(0xd800));
  const __m256i zero = _mm256_setzero_si256();
  std::size_t i = 0;
  std::size_t added = 0;
  for (; i + 16 <= count; i += 16) {
    __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(units + i));
    __m256i top = _mm256_and_si256(v, above_two_bytes);
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi16(top, surrogate)) != 0) break;
    // Two mask bits per unit; each count below is of units, times two.
    auto ascii = static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi16(_mm256_and_si256(v, above_ascii), zero)));
    auto below_two_bytes = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi16(top, zero)));
    added += (64 - __builtin_popcount(ascii) - __builtin_popcount(below_two_bytes)) / 2;
  }
  *extra += added;
  return i;
}

bool HasAvx512Vbmi2() {
  static const bool has = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                          __builtin_cpu_supports("avx512vbmi2");
  return has;
}

// GCC 12's widening and shift intrinsics warn as the permutes above do.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

// Each unit is widened to a 32-bit lane that holds its UTF-8 bytes in order
// (one, two or three of them), and one compression keeps the bytes in use.
__attribute__((target("avx512f,avx512bw,avx512vbmi2,popcnt"))) std::size_t Utf16ToUtf8Blocks(
    const std::uint16_t* units, std::size_t count, std::uint8_t* out, std::size_t capacity, std::size_t* written) {
  const __m512i x80 = _mm512_set1_epi32(0x80);
  const __m512i x800 = _mm512_set1_epi32(0x800);
  const __m512i low6 = _mm512_set1_epi32(0x3f);
  const __m512i lead2 = _mm512_set1_epi32(0xc0);
  const __m512i lead3 = _mm512_set1_epi32(0xe0);
  const __m512i one = _mm512_set1_epi32(1);
  const __m512i every_byte = _mm512_set1_epi32(0x01010101);
  const __m512i byte_index = _mm512_set1_epi32(0x03020100);
  std::size_t i = 0;
  std::size_t size = 0;
  for (; i + 16 <= count && capacity - size >= 64; i += 16) {
    __m256i raw = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(units + i));
    __m256i top = _mm256_and_si256(raw, _mm256_set1_epi16(static_cast<short>(0xf800)));
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi16(top, _mm256_set1_epi16(static_cast<short>(0xd800)))) != 0) break;
    __m512i u = _mm512_cvtepu16_epi32(raw);
    __mmask16 ascii = _mm512_cmplt_epu32_mask(u, x80);
    __mmask16 two = _mm512_cmplt_epu32_mask(u, x800) & static_cast<__mmask16>(~ascii);
    __m512i last = _mm512_or_si512(x80, _mm512_and_si512(u, low6));                          // 10xxxxxx
    __m512i middle = _mm512_or_si512(x80, _mm512_and_si512(_mm512_srli_epi32(u, 6), low6));  // 10xxxxxx
    __m512i first = _mm512_or_si512(lead3, _mm512_srli_epi32(u, 12));                        // 1110xxxx
    first = _mm512_mask_blend_epi32(two, first, _mm512_or_si512(lead2, _mm512_srli_epi32(u, 6)));
    first = _mm512_mask_blend_epi32(ascii, first, u);
    __m512i second = _mm512_mask_blend_epi32(two, middle, last);
    __m512i lanes =
        _mm512_or_si512(first, _mm512_or_si512(_mm512_slli_epi32(second, 8), _mm512_slli_epi32(last, 16)));
    // Bytes per unit: 1, plus 1 from U+0080, plus 1 from U+0800.
    __m512i length = _mm512_mask_add_epi32(one, static_cast<__mmask16>(~ascii), one, one);
    length = _mm512_mask_add_epi32(length, static_cast<__mmask16>(~(ascii | two)), length, one);
    __mmask64 keep = _mm512_cmplt_epu8_mask(byte_index, _mm512_mullo_epi32(length, every_byte));
    _mm512_storeu_si512(out + size, _mm512_maskz_compress_epi8(keep, lanes));
    size += static_cast<std::size_t>(__builtin_popcountll(keep));
  }
  *written += size;
  return i;
}

#pragma GCC diagnostic pop

std::size_t AsciiPrefixBlocks(const std::uint8_t* data, std::size_t size) {
  return HasAvx2() ? AsciiPrefixBlocksAvx2(data, size) : 0;
}

namespace {

// Positions that pass the first/last-byte test in vain before a search gives
// up on it; every 64 positions scanned earn one more.
constexpr std::size_t kFalseHitBudget = 64;

}  // namespace

__attribute__((target("avx2"))) std::size_t FindFirst(const std::uint8_t* haystack, std::size_t haystack_size,
                                                        const std::uint8_t* needle, std::size_t needle_size,
                                                        std::size_t from, bool* gave_up) {
  *gave_up = false;
  const std::size_t last = haystack_size - needle_size;  // the last possible start
  const __m256i first_byte = _mm256_set1_epi8(static_cast<char>(needle[0]));
  const __m256i last_byte = _mm256_set1_epi8(static_cast<char>(needle[needle_size - 1]));
  const std::size_t start = from;
  std::size_t misses = 0;
  std::size_t at = from;
  for (; at + 32 <= last + 1; at += 32) {
    __m256i firsts = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(haystack + at));
    __m256i lasts = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(haystack + at + needle_size - 1));
    auto hits = static_cast<std::uint32_t>(_mm256_movemask_epi8(
        _mm256_and_si256(_mm256_cmpeq_epi8(firsts, first_byte), _mm256_cmpeq_epi8(lasts, last_byte))));
    while (hits != 0) {
      std::size_t candidate = at + static_cast<std::size_t>(__builtin_ctz(hits));
      if (std::memcmp(haystack + candidate + 1, needle + 1, needle_size - 2) == 0) return candidate;
      if (++misses > kFalseHitBudget + (at - start) / 64) {
        *gave_up = true;
        return kNotFound;
      }
      hits &= hits - 1;
    }
  }
  for (; at <= last; ++at) {
    if (haystack[at] == needle[0] && haystack[at + needle_size - 1] == needle[needle_size - 1] &&
        std::memcmp(haystack + at + 1, needle + 1, needle_size - 2) == 0) {
      return at;
    }
  }
  return kNotFound;
}

__attribute__((target("avx2"))) std::size_t FindLast(const std::uint8_t* haystack, const std::uint8_t* needle,
                                                       std::size_t needle_size, std::size_t last, bool* gave_up) {
  *gave_up = false;
  const __m256i first_byte = _mm256_set1_epi8(static_cast<char>(needle[0]));
  const __m256i last_byte = _mm256_set1_epi8(static_cast<char>(needle[needle_size - 1]));
  std::size_t misses = 0;
  std::size_t end = last + 1;  // candidates lie in [0, end)
  for (; end >= 32; end -= 32) {
    std::size_t at = end - 32;
    __m256i firsts = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(haystack + at));
    __m256i lasts = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(haystack + at + needle_size - 1));
    auto hits = static_cast<std::uint32_t>(_mm256_movemask_epi8(
        _mm256_and_si256(_mm256_cmpeq_epi8(firsts, first_byte), _mm256_cmpeq_epi8(lasts, last_byte))));
    while (hits != 0) {
      int bit = 31 - __builtin_clz(hits);
      std::size_t candidate = at + static_cast<std::size_t>(bit);
      if (std::memcmp(haystack + candidate + 1, needle + 1, needle_size - 2) == 0) return candidate;
      if (++misses > kFalseHitBudget + (last + 1 - at) / 64) {
        *gave_up = true;
        return kNotFound;
      }
      hits &= ~(1u << bit);
    }
  }
  while (end > 0) {
    std::size_t at = --end;
    if (haystack[at] == needle[0] && haystack[at + needle_size - 1] == needle[needle_size - 1] &&
        std::memcmp(haystack + at + 1, needle + 1, needle_size - 2) == 0) {
      return at;
    }
  }
  return kNotFound;
}

#else

bool HasAvx2() { return false; }
std::size_t AsciiPrefixBlocks(const std::uint8_t*, std::size_t) { return 0; }
std::size_t Utf16ToUtf8ExtraBlocks(const std::uint16_t*, std::size_t, std::size_t*) { return 0; }
bool HasAvx512Vbmi2() { return false; }
std::size_t Utf16ToUtf8Blocks(const std::uint16_t*, std::size_t, std::uint8_t*, std::size_t, std::size_t*) { return 0; }
std::size_t Base64EncodeBlocks(const std::uint8_t*, std::size_t, char*, bool) { return 0; }
std::size_t Base64DecodeBlocks(const std::uint8_t*, std::size_t, std::uint8_t*, std::size_t) { return 0; }
std::size_t FindFirst(const std::uint8_t*, std::size_t, const std::uint8_t*, std::size_t, std::size_t, bool* gave_up) {
  *gave_up = true;
  return kNotFound;
}
std::size_t FindLast(const std::uint8_t*, const std::uint8_t*, std::size_t, std::size_t, bool* gave_up) {
  *gave_up = true;
  return kNotFound;
}

#endif

}  // namespace isohost::worker::buffer::simd
