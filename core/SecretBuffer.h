#pragma once

#include <QByteArrayView>
#include <QString>

#include <optional>

namespace keyright {

// Bytes that must not linger: held in guarded sodium_malloc memory, wiped and freed on
// destruction. Move-only. Read secret files straight into one with readSecretFile().
class SecretBuffer
{
public:
    explicit SecretBuffer(qsizetype size = 0);
    static SecretBuffer copyOf(QByteArrayView bytes);
    ~SecretBuffer();

    SecretBuffer(SecretBuffer &&other) noexcept;
    SecretBuffer &operator=(SecretBuffer &&other) noexcept;
    SecretBuffer(const SecretBuffer &) = delete;
    SecretBuffer &operator=(const SecretBuffer &) = delete;

    unsigned char *data() { return m_data; }
    const unsigned char *data() const { return m_data; }
    qsizetype size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }
    QByteArrayView view() const;

    // Constant-time comparison with another secret.
    bool equals(QByteArrayView other) const;

private:
    unsigned char *m_data = nullptr;
    qsizetype m_size = 0;
};

// Writes a secret file atomically with mode 0600 from the start (never readable by others, not
// even for a moment). Returns false and says why on failure, leaving any previous file intact.
bool writeSecretFile(const QString &path, QByteArrayView contents, QString *error = nullptr);

// Reads a secret file into wiped memory, refusing one that the group or others can read.
// Trailing whitespace (a newline added by an editor) is dropped.
std::optional<SecretBuffer> readSecretFile(const QString &path, QString *error = nullptr);

// The same checks, but the bytes are returned exactly as stored: for binary secrets such as a
// 32-byte key seed, whose last byte may well be 0x0a or 0x20.
std::optional<SecretBuffer> readBinarySecretFile(const QString &path, QString *error = nullptr);

} // namespace keyright
