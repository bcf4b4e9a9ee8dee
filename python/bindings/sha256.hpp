// SHA-256 (OpenSSL's EVP, as the CLI's provenance) of the bytes behind the Python package's inputs:
// a file's bytes as they are read (inputs.cpp), the canonical TREC text of columns (columns.cpp).
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

namespace irlens::python {

class Sha256 {
public:
    Sha256() : ctx_(EVP_MD_CTX_new(), EVP_MD_CTX_free) {
        if (!ctx_ || !EVP_DigestInit_ex(ctx_.get(), EVP_sha256(), nullptr))
            throw std::runtime_error("SHA-256 unavailable");
    }
    void update(const char* p, std::size_t n) {
        EVP_DigestUpdate(ctx_.get(), p, n);
        bytes_ += n;
    }
    std::uint64_t bytes() const { return bytes_; }
    /// The digest in lowercase hex; ends the hashing (call once).
    std::string hex() {
        unsigned char md[EVP_MAX_MD_SIZE];
        unsigned len = 0;
        EVP_DigestFinal_ex(ctx_.get(), md, &len);
        static const char digits[] = "0123456789abcdef";
        std::string out;
        for (unsigned i = 0; i < len; ++i) {
            out += digits[md[i] >> 4];
            out += digits[md[i] & 15];
        }
        return out;
    }

private:
    std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> ctx_;
    std::uint64_t bytes_ = 0;
};

}  // namespace irlens::python
