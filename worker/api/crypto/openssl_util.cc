#include "worker/api/crypto/openssl_util.h"

#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/objects.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>

#include "worker/api/buffer/v8_bytes.h"

namespace isohost::worker::crypto {
namespace {

// Digests fetched so far, by number; and numbers by the name asked for
// (lower-cased), including names that found nothing (-1). Only the loop
// thread reads or writes these; jobs on the thread pool get the EVP_MD.
struct DigestTable {
  std::vector<EVP_MD*> digests;
  std::map<std::string, int, std::less<>> ids;
};

DigestTable& Digests() {
  static DigestTable* table = new DigestTable();  // never freed: digests live as long as the process
  return *table;
}

std::string Lower(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

// What the default provider runs for `name`: the legacy name table knows
// the aliases ('RSA-SHA256', 'ssl3-md5'), the provider the implementation.
EVP_MD* FetchDigest(const std::string& name) {
  const EVP_MD* legacy = EVP_get_digestbyname(name.c_str());
  ERR_set_mark();
  EVP_MD* md = EVP_MD_fetch(nullptr, legacy != nullptr ? EVP_MD_get0_name(legacy) : name.c_str(), nullptr);
  ERR_pop_to_mark();  // a name that finds nothing leaves no error behind
  return md;
}

// OpenSSL's libraries by the short names Node puts in its error codes.
const char* LibraryName(int lib) {
  switch (lib) {
    case ERR_LIB_ASN1:
      return "ASN1";
    case ERR_LIB_BN:
      return "BN";
    case ERR_LIB_CRYPTO:
      return "CRYPTO";
    case ERR_LIB_DH:
      return "DH";
    case ERR_LIB_DSA:
      return "DSA";
    case ERR_LIB_EC:
      return "EC";
    case ERR_LIB_EVP:
      return "EVP";
    case ERR_LIB_PEM:
      return "PEM";
    case ERR_LIB_PROV:
      return "PROV";
    case ERR_LIB_RAND:
      return "RAND";
    case ERR_LIB_RSA:
      return "RSA";
    case ERR_LIB_X509:
      return "X509";
    default:
      return nullptr;
  }
}

}  // namespace

int DigestId(std::string_view name) {
  DigestTable& table = Digests();
  std::string key = Lower(name);
  auto found = table.ids.find(key);
  if (found != table.ids.end()) return found->second;
  int id = -1;
  if (EVP_MD* md = FetchDigest(key)) {
    // Aliases of one digest share its number.
    auto same = std::find_if(table.digests.begin(), table.digests.end(), [md](EVP_MD* known) {
      return std::string_view(EVP_MD_get0_name(known)) == EVP_MD_get0_name(md);
    });
    if (same != table.digests.end()) {
      EVP_MD_free(md);
      id = static_cast<int>(same - table.digests.begin());
    } else {
      id = static_cast<int>(table.digests.size());
      table.digests.push_back(md);
    }
  }
  table.ids.emplace(std::move(key), id);
  return id;
}

const EVP_MD* DigestById(int id) {
  const DigestTable& table = Digests();
  if (id < 0 || static_cast<std::size_t>(id) >= table.digests.size()) return nullptr;
  return table.digests[id];
}

std::vector<std::string> DigestNames() {
  std::vector<std::string> names;
  EVP_MD_do_all_sorted(
      [](const EVP_MD*, const char* from, const char*, void* arg) {
        if (from == nullptr) return;
        EVP_MD* md = FetchDigest(from);
        if (md == nullptr) return;
        EVP_MD_free(md);
        static_cast<std::vector<std::string>*>(arg)->emplace_back(from);
      },
      &names);
  return names;
}

std::vector<std::string> CipherNames() {
  std::vector<std::string> names;
  EVP_CIPHER_do_all_sorted(
      [](const EVP_CIPHER*, const char* from, const char*, void* arg) {
        if (from == nullptr) return;
        ERR_set_mark();
        EVP_CIPHER* cipher = EVP_CIPHER_fetch(nullptr, from, nullptr);
        ERR_pop_to_mark();
        if (cipher == nullptr) return;
        EVP_CIPHER_free(cipher);
        static_cast<std::vector<std::string>*>(arg)->emplace_back(from);
      },
      &names);
  return names;
}

std::vector<std::string> CurveNames() {
  std::size_t count = EC_get_builtin_curves(nullptr, 0);
  std::vector<EC_builtin_curve> curves(count);
  EC_get_builtin_curves(curves.data(), count);
  std::vector<std::string> names;
  names.reserve(count);
  for (const EC_builtin_curve& curve : curves) names.emplace_back(OBJ_nid2sn(curve.nid));
  std::sort(names.begin(), names.end());
  return names;
}

v8::Local<v8::String> OneByteString(v8::Isolate* isolate, std::string_view text) {
  return v8::String::NewFromOneByte(isolate, reinterpret_cast<const std::uint8_t*>(text.data()),
                                    v8::NewStringType::kNormal, static_cast<int>(text.size()))
      .ToLocalChecked();  // short texts made here, never near V8's string limit
}

v8::Local<v8::Value> CodedError(v8::Isolate* isolate, v8::Local<v8::Value> (*make)(v8::Local<v8::String>),
                                std::string_view code, std::string_view message) {
  v8::Local<v8::Value> error = make(OneByteString(isolate, message));
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  if (!code.empty()) {
    (void)error.As<v8::Object>()
        ->Set(context, OneByteString(isolate, "code"), OneByteString(isolate, code))
        .FromMaybe(false);
  }
  return error;
}

v8::Local<v8::Value> OpenSslError(v8::Isolate* isolate, unsigned long code, std::string_view fallback) {
  if (code == 0) return CodedError(isolate, v8::Exception::Error, {}, fallback);
  char text[256];
  ERR_error_string_n(code, text, sizeof text);
  std::string node_code;
  const char* library = LibraryName(ERR_GET_LIB(code));
  const char* reason = ERR_reason_error_string(code);
  if (library != nullptr && reason != nullptr) {
    node_code = std::string("ERR_OSSL_") + library + "_";
    for (const char* c = reason; *c != '\0'; ++c) {
      node_code += *c == ' ' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(*c)));
    }
  }
  v8::Local<v8::Value> error = CodedError(isolate, v8::Exception::Error, node_code, text);
  v8::Local<v8::Context> context = isolate->GetCurrentContext();
  if (library != nullptr) {
    (void)error.As<v8::Object>()
        ->Set(context, OneByteString(isolate, "library"), OneByteString(isolate, ERR_lib_error_string(code)))
        .FromMaybe(false);
  }
  if (reason != nullptr) {
    (void)error.As<v8::Object>()
        ->Set(context, OneByteString(isolate, "reason"), OneByteString(isolate, reason))
        .FromMaybe(false);
  }
  return error;
}

void ThrowOpenSslError(v8::Isolate* isolate, std::string_view fallback) {
  unsigned long code = ERR_get_error();
  ERR_clear_error();
  isolate->ThrowException(OpenSslError(isolate, code, fallback));
}

std::vector<std::uint8_t> CopyViewBytes(v8::Local<v8::Value> view) {
  if (!view->IsArrayBufferView()) return {};
  buffer::ViewBytes bytes(view, buffer::ViewBytes::kRead);
  return std::vector<std::uint8_t>(bytes.data(), bytes.data() + bytes.size());
}

}  // namespace isohost::worker::crypto
