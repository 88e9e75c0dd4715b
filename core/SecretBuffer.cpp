#include "SecretBuffer.h"

#include "Crypto.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <sodium.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// Secrets are keys and tokens, not documents; a huge file is a mistake, not a secret.
constexpr qsizetype maxSecretFileSize = 64 * 1024;

QString systemError(int errorNumber)
{
    return QString::fromLocal8Bit(std::strerror(errorNumber));
}

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

// Closes a descriptor on every return path.
class FileDescriptor
{
public:
    explicit FileDescriptor(int fd)
        : m_fd(fd)
    { }
    ~FileDescriptor()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    FileDescriptor(const FileDescriptor &) = delete;
    FileDescriptor &operator=(const FileDescriptor &) = delete;

    int get() const { return m_fd; }
    int release() { return std::exchange(m_fd, -1); }

private:
    int m_fd;
};

bool writeAll(int fd, const char *data, qsizetype size)
{
    while (size > 0) {
        const ssize_t written = ::write(fd, data, static_cast<size_t>(size));
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data += written;
        size -= written;
    }
    return true;
}

std::optional<SecretBuffer> readSecret(const QString &path, bool stripTrailingWhitespace, QString *error)
{
    const QByteArray nativePath = QFile::encodeName(path);
    FileDescriptor fd(::open(nativePath.constData(), O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0) {
        fail(error, u"Cannot open secret file %1: %2."_s.arg(path, systemError(errno)));
        return std::nullopt;
    }
    // The checks run on the open descriptor, so the file cannot be swapped between check and read.
    struct stat info = {};
    if (::fstat(fd.get(), &info) != 0) {
        fail(error, u"Cannot inspect secret file %1: %2."_s.arg(path, systemError(errno)));
        return std::nullopt;
    }
    if (!S_ISREG(info.st_mode)) {
        fail(error, u"Secret file %1 is not a regular file."_s.arg(path));
        return std::nullopt;
    }
    if ((info.st_mode & (S_IRWXG | S_IRWXO)) != 0) {
        fail(error,
             u"Refusing secret file %1: its mode %2 lets other users read or replace it. Restrict it with: "
             u"chmod 600 %1"_s.arg(path, QString::number(info.st_mode & 07777, 8).rightJustified(4, u'0')));
        return std::nullopt;
    }
    if (info.st_size > maxSecretFileSize) {
        fail(error,
             u"Secret file %1 is %2 bytes, more than the %3 bytes a key or token can take."_s.arg(
                 path, QString::number(info.st_size), QString::number(maxSecretFileSize)));
        return std::nullopt;
    }

    SecretBuffer buffer(static_cast<qsizetype>(info.st_size));
    qsizetype filled = 0;
    while (filled < buffer.size()) {
        const ssize_t got = ::read(fd.get(), buffer.data() + filled, static_cast<size_t>(buffer.size() - filled));
        if (got < 0) {
            if (errno == EINTR)
                continue;
            fail(error, u"Cannot read secret file %1: %2."_s.arg(path, systemError(errno)));
            return std::nullopt;
        }
        if (got == 0)
            break; // shrank while we read; keep what is there
        filled += got;
    }

    qsizetype keep = filled;
    if (stripTrailingWhitespace) {
        while (keep > 0) {
            const unsigned char c = buffer.data()[keep - 1];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f')
                break;
            --keep;
        }
    }
    if (keep == buffer.size())
        return buffer;
    // Copy secret-to-secret memory; the larger buffer is wiped when it goes out of scope.
    return SecretBuffer::copyOf(buffer.view().first(keep));
}

} // namespace

SecretBuffer::SecretBuffer(qsizetype size)
{
    Q_ASSERT(size >= 0);
    if (size <= 0)
        return;
    // sodium_malloc needs sodium_init() first (it reads the page size there).
    if (!crypto::init())
        qFatal("keyright: libsodium is unusable, cannot allocate secret memory");
    m_data = static_cast<unsigned char *>(sodium_malloc(static_cast<size_t>(size)));
    if (!m_data)
        throw std::bad_alloc();
    m_size = size;
}

SecretBuffer SecretBuffer::copyOf(QByteArrayView bytes)
{
    SecretBuffer buffer(bytes.size());
    if (!bytes.isEmpty())
        std::memcpy(buffer.m_data, bytes.data(), static_cast<size_t>(bytes.size()));
    return buffer;
}

SecretBuffer::~SecretBuffer()
{
    sodium_free(m_data); // wipes before freeing; accepts nullptr
}

SecretBuffer::SecretBuffer(SecretBuffer &&other) noexcept
    : m_data(std::exchange(other.m_data, nullptr))
    , m_size(std::exchange(other.m_size, 0))
{ }

SecretBuffer &SecretBuffer::operator=(SecretBuffer &&other) noexcept
{
    if (this != &other) {
        sodium_free(m_data);
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
    }
    return *this;
}

QByteArrayView SecretBuffer::view() const
{
    return QByteArrayView(reinterpret_cast<const char *>(m_data), m_size);
}

bool SecretBuffer::equals(QByteArrayView other) const
{
    return crypto::constantTimeEquals(view(), other);
}

bool writeSecretFile(const QString &path, QByteArrayView contents, QString *error)
{
    const QFileInfo target(path);
    const QString directory = target.absolutePath();
    // A temporary name in the same directory, so the final rename is atomic on the same file system.
    const QString tempPath = u"%1/.%2.tmp-%3"_s.arg(directory, target.fileName(), crypto::randomHex(8));
    const QByteArray nativeTemp = QFile::encodeName(tempPath);

    // O_EXCL with mode 0600: the file is private from the instant it exists (the umask can only
    // remove bits), so no other user can open it even before the secret is written.
    FileDescriptor fd(::open(nativeTemp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, S_IRUSR | S_IWUSR));
    if (fd.get() < 0)
        return fail(error, u"Cannot create secret file in %1: %2."_s.arg(directory, systemError(errno)));

    const auto abandon = [&](const QString &message) {
        ::close(fd.release());
        ::unlink(nativeTemp.constData());
        return fail(error, message);
    };
    // An existing file with looser bits does not matter: the rename replaces it with this one.
    if (::fchmod(fd.get(), S_IRUSR | S_IWUSR) != 0)
        return abandon(u"Cannot restrict %1 to mode 0600: %2."_s.arg(tempPath, systemError(errno)));
    if (!writeAll(fd.get(), contents.data(), contents.size()))
        return abandon(u"Cannot write secret file %1: %2."_s.arg(path, systemError(errno)));
    if (::fsync(fd.get()) != 0)
        return abandon(u"Cannot flush secret file %1 to disk: %2."_s.arg(path, systemError(errno)));
    if (::close(fd.release()) != 0) {
        const int closeError = errno;
        ::unlink(nativeTemp.constData());
        return fail(error, u"Cannot write secret file %1: %2."_s.arg(path, systemError(closeError)));
    }
    if (::rename(nativeTemp.constData(), QFile::encodeName(path).constData()) != 0) {
        const int renameError = errno;
        ::unlink(nativeTemp.constData());
        return fail(error,
                    u"Cannot move the new secret file into place at %1: %2."_s.arg(path, systemError(renameError)));
    }
    // Makes the rename itself durable; failing here leaves a complete file, so it is not an error.
    FileDescriptor dirFd(::open(QFile::encodeName(directory).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (dirFd.get() >= 0)
        ::fsync(dirFd.get());
    return true;
}

std::optional<SecretBuffer> readSecretFile(const QString &path, QString *error)
{
    return readSecret(path, true, error);
}

std::optional<SecretBuffer> readBinarySecretFile(const QString &path, QString *error)
{
    return readSecret(path, false, error);
}

} // namespace keyright
