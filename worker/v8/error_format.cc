#include "worker/v8/error_format.h"

#include <string>
#include <string_view>

#include "worker/v8/binding.h"

namespace isohost::worker {

v8::Local<v8::Private> ErrorSourceKey(v8::Isolate* isolate) {
  return v8::Private::ForApi(isolate, v8::String::NewFromUtf8Literal(isolate, "isohost:errorSource"));
}

namespace {

// Whether `message` points into one of the runtime's own builtins
// ("isohost:NAME", worker/loader/builtins.cc).
bool IsRuntimeScript(v8::Isolate* isolate, v8::Local<v8::Message> message) {
  return ToStdString(isolate, message->GetScriptResourceName()).rfind("isohost:", 0) == 0;
}

// `unnamed`: a script without a name still gets a location (":1").
std::string DescribeLocation(v8::Isolate* isolate, v8::Local<v8::Context> context,
                             v8::Local<v8::Message> message, bool unnamed = false) {
  std::string text = ToStdString(isolate, message->GetScriptResourceName());
  int line = message->GetLineNumber(context).FromMaybe(0);
  if ((text.empty() && !unnamed) || line <= 0) return {};
  text += ":" + std::to_string(line) + "\n";
  v8::Local<v8::String> source_line;
  if (message->GetSourceLine(context).ToLocal(&source_line)) {
    text += ToStdString(isolate, source_line) + "\n";
    int start = message->GetStartColumn(context).FromMaybe(0);
    int end = message->GetEndColumn(context).FromMaybe(start + 1);
    // V8 counts the columns of a script's first line from its column offset
    // (vm.Script's columnOffset); the line printed starts at 0.
    v8::ScriptOrigin origin = message->GetScriptOrigin();
    if (line - origin.LineOffset() == 1) {
      start -= origin.ColumnOffset();
      end -= origin.ColumnOffset();
    }
    text += std::string(static_cast<size_t>(std::max(start, 0)), ' ');
    text += std::string(static_cast<size_t>(std::max(end - start, 0)), '^');  // none at the end of input, as in Node
    text += "\n";
  }
  return text;
}

v8::Local<v8::String> Utf8(v8::Isolate* isolate, const std::string& text) {
  v8::Local<v8::String> result;
  if (!v8::String::NewFromUtf8(isolate, text.data(), v8::NewStringType::kNormal, static_cast<int>(text.size()))
           .ToLocal(&result)) {
    return v8::String::Empty(isolate);
  }
  return result;
}

// V8 10.2 says "Unexpected identifier" where the V8 of Node 20 names it,
// "Unexpected identifier 'bar'": the name is the text `message` points at
// (a line of ASCII only, where columns are bytes).
void NameUnexpectedIdentifier(v8::Isolate* isolate, v8::Local<v8::Context> context,
                              v8::Local<v8::Value> exception, v8::Local<v8::Message> message) {
  constexpr std::string_view kBare = "Unexpected identifier";
  if (!exception->IsNativeError()) return;
  v8::Local<v8::Object> object = exception.As<v8::Object>();
  v8::Local<v8::String> message_key = v8::String::NewFromUtf8Literal(isolate, "message");
  v8::Local<v8::Value> current;
  if (!object->Get(context, message_key).ToLocal(&current) || !current->IsString() ||
      ToStdString(isolate, current) != kBare) {
    return;
  }
  v8::Local<v8::String> source_line;
  if (!message->GetSourceLine(context).ToLocal(&source_line)) return;
  std::string line = ToStdString(isolate, source_line);
  for (char c : line) {
    if (static_cast<unsigned char>(c) >= 0x80) return;
  }
  int start = message->GetStartColumn(context).FromMaybe(-1);
  int end = message->GetEndColumn(context).FromMaybe(-1);
  v8::ScriptOrigin origin = message->GetScriptOrigin();
  if (message->GetLineNumber(context).FromMaybe(0) - origin.LineOffset() == 1) {
    start -= origin.ColumnOffset();
    end -= origin.ColumnOffset();
  }
  if (start < 0 || end <= start || static_cast<std::size_t>(end) > line.size()) return;
  std::string named = std::string(kBare) + " '" + line.substr(start, end - start) + "'";
  if (!object->Set(context, message_key, Utf8(isolate, named)).FromMaybe(false)) return;
  v8::Local<v8::String> stack_key = v8::String::NewFromUtf8Literal(isolate, "stack");
  v8::Local<v8::Value> stack;
  if (!object->Get(context, stack_key).ToLocal(&stack) || !stack->IsString()) return;
  std::string text = ToStdString(isolate, stack);
  const std::string header = "SyntaxError: " + std::string(kBare);
  if (text.rfind(header, 0) != 0 || (text.size() > header.size() && text[header.size()] != '\n')) return;
  (void)object->Set(context, stack_key, Utf8(isolate, "SyntaxError: " + named + text.substr(header.size())))
      .FromMaybe(false);
}

}  // namespace

void AttachErrorSource(v8::Isolate* isolate, v8::Local<v8::Context> context,
                       v8::Local<v8::Value> exception, v8::Local<v8::Message> message) {
  if (!exception->IsObject() || message.IsEmpty()) return;
  {
    v8::TryCatch try_catch(isolate);  // getters on the error may throw: it stays as it is
    NameUnexpectedIdentifier(isolate, context, exception, message);
  }
  std::string location = DescribeLocation(isolate, context, message);
  v8::Local<v8::String> text;
  if (location.empty() ||
      !v8::String::NewFromUtf8(isolate, location.data(), v8::NewStringType::kNormal,
                               static_cast<int>(location.size()))
           .ToLocal(&text)) {
    return;
  }
  (void)exception.As<v8::Object>()->SetPrivate(context, ErrorSourceKey(isolate), text).FromMaybe(false);
}

void AttachThrowLocation(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Value> error) {
  if (!error->IsNativeError()) return;
  v8::TryCatch try_catch(isolate);
  bool attached = false;
  if (!error.As<v8::Object>()->HasPrivate(context, ErrorSourceKey(isolate)).To(&attached) || attached) return;
  v8::Local<v8::Message> message = v8::Exception::CreateMessage(isolate, error);
  if (message.IsEmpty() || IsRuntimeScript(isolate, message)) return;
  AttachErrorSource(isolate, context, error, message);
}

void AttachThrowSite(v8::Isolate* isolate, v8::Local<v8::Context> context, v8::Local<v8::Value> exception,
                     v8::Local<v8::Message> message) {
  if (!exception->IsObject() || message.IsEmpty() || IsRuntimeScript(isolate, message)) return;
  v8::TryCatch try_catch(isolate);
  bool attached = false;
  if (!exception.As<v8::Object>()->HasPrivate(context, ErrorSourceKey(isolate)).To(&attached) || attached) return;
  AttachErrorSource(isolate, context, exception, message);
}

void DecorateErrorStack(v8::Isolate* isolate, v8::Local<v8::Context> context,
                        v8::Local<v8::Value> exception, v8::Local<v8::Message> message) {
  if (!exception->IsObject() || message.IsEmpty()) return;
  v8::TryCatch try_catch(isolate);  // a getter of `stack` may throw: the error stays as it is
  NameUnexpectedIdentifier(isolate, context, exception, message);
  v8::Local<v8::Object> object = exception.As<v8::Object>();
  v8::Local<v8::Private> key = ErrorSourceKey(isolate);
  bool decorated = false;
  if (!object->HasPrivate(context, key).To(&decorated) || decorated) return;
  v8::Local<v8::String> stack_key = v8::String::NewFromUtf8Literal(isolate, "stack");
  v8::Local<v8::Value> stack;
  if (!object->Get(context, stack_key).ToLocal(&stack) || !stack->IsString()) return;
  std::string location = DescribeLocation(isolate, context, message, true);
  if (location.empty()) return;
  std::string text = location + "\n" + ToStdString(isolate, stack);
  v8::Local<v8::String> decorated_stack;
  if (!v8::String::NewFromUtf8(isolate, text.data(), v8::NewStringType::kNormal, static_cast<int>(text.size()))
           .ToLocal(&decorated_stack)) {
    return;
  }
  if (!object->Set(context, stack_key, decorated_stack).FromMaybe(false)) return;
  // An empty location: the stack says it already.
  (void)object->SetPrivate(context, key, v8::String::Empty(isolate)).FromMaybe(false);
}

std::string DescribeFatalError(v8::Isolate* isolate, v8::Local<v8::Context> context,
                               v8::Local<v8::Value> error) {
  v8::TryCatch try_catch(isolate);  // getters on the error may throw
  std::string location;
  std::string body;
  if (error->IsObject()) {
    v8::Local<v8::Object> object = error.As<v8::Object>();
    v8::Local<v8::Value> attached;
    if (object->GetPrivate(context, ErrorSourceKey(isolate)).ToLocal(&attached) && attached->IsString()) {
      location = ToStdString(isolate, attached);
    } else if (error->IsNativeError()) {
      // V8 finds where the error was made from its stack trace while that is
      // unformatted; once `stack` was read it names where the isolate is now,
      // which for an error reported by the runtime's own JS is the report
      // itself: no location then, the stack says where.
      v8::Local<v8::Message> message = v8::Exception::CreateMessage(isolate, error);
      if (!IsRuntimeScript(isolate, message)) location = DescribeLocation(isolate, context, message);
    }
    v8::Local<v8::Value> stack;
    if (object->Get(context, v8::String::NewFromUtf8Literal(isolate, "stack")).ToLocal(&stack) &&
        stack->IsString()) {
      body = ToStdString(isolate, stack);
    }
  }
  if (body.empty()) {
    v8::Local<v8::String> text;
    body = error->ToString(context).ToLocal(&text) ? ToStdString(isolate, text) : "exception";
    if (!error->IsObject()) body = "Uncaught " + body;
  }
  return location.empty() ? body : location + "\n" + body;
}

}  // namespace isohost::worker
