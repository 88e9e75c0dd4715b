#include "Crypto.h"
#include "LeaseSigner.h"
#include "SecretBuffer.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace keyright;
using namespace Qt::StringLiterals;

namespace {

QFileDevice::Permissions ownerOnly()
{
    return QFileDevice::ReadOwner | QFileDevice::WriteOwner;
}

// Permission bits as the file system has them (QFile::permissions() also folds in "User" bits).
mode_t modeOf(const QString &path)
{
    struct stat info = {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return 07777;
    return info.st_mode & 07777;
}

bool writePlainFile(const QString &path, const QByteArray &contents, mode_t mode)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(contents) != contents.size())
        return false;
    file.close();
    return ::chmod(QFile::encodeName(path).constData(), mode) == 0;
}

} // namespace

class TestSecrets : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void randomHexIsFreshLowercaseHex_data();
    void randomHexIsFreshLowercaseHex();
    void constantTimeEquals_data();
    void constantTimeEquals();
    void hashSecretIsBlake2b256();

    void secretBufferHoldsAndComparesBytes();
    void secretBufferMovesOwnership();

    void secretFileIsCreated0600EvenUnderPermissiveUmask();
    void secretFileReplacesLooserFileAtomically();
    void secretFileWriteFailureLeavesNoTrace();
    void secretFileReadStripsTrailingWhitespace_data();
    void secretFileReadStripsTrailingWhitespace();
    void secretFileRefusedWhenOthersHaveAccess_data();
    void secretFileRefusedWhenOthersHaveAccess();
    void secretFileMissingOrDirectoryRefused();

    void signingKeyCreatedThenReloaded();
    void signingKeyRefusedWhenGroupReadable();
    void signingKeyWrongSizeRefused_data();
    void signingKeyWrongSizeRefused();
    void signingKeySeedEndingInWhitespaceByteSurvives_data();
    void signingKeySeedEndingInWhitespaceByteSurvives();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestSecrets::initTestCase()
{
    // The library's own start-up check: libsodium loads, a known answer matches, a fresh key signs
    // and verifies, and a tampered message is refused.
    QVERIFY(crypto::init());
    QVERIFY(crypto::init()); // idempotent
}

void TestSecrets::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestSecrets::randomHexIsFreshLowercaseHex_data()
{
    QTest::addColumn<int>("bytes");
    QTest::newRow("seat id, 128 bits") << 16;
    QTest::newRow("admin token, 256 bits") << 32;
    QTest::newRow("one byte") << 1;
}

void TestSecrets::randomHexIsFreshLowercaseHex()
{
    QFETCH(int, bytes);
    static const QRegularExpression lowerHex(u"^[0-9a-f]+$"_s);
    const QString first = crypto::randomHex(bytes);
    QCOMPARE(first.size(), bytes * 2);
    QVERIFY(lowerHex.match(first).hasMatch());
    QCOMPARE(crypto::randomBytes(bytes).size(), bytes);
    if (bytes >= 16)
        QVERIFY(crypto::randomHex(bytes) != first);
}

void TestSecrets::constantTimeEquals_data()
{
    QTest::addColumn<QByteArray>("a");
    QTest::addColumn<QByteArray>("b");
    QTest::addColumn<bool>("equal");
    QTest::newRow("same") << "kr1-abc"_ba
                          << "kr1-abc"_ba << true;
    QTest::newRow("both empty") << QByteArray() << QByteArray() << true;
    QTest::newRow("last byte differs") << "kr1-abc"_ba
                                       << "kr1-abd"_ba << false;
    QTest::newRow("first byte differs") << "kr1-abc"_ba
                                        << "xr1-abc"_ba << false;
    QTest::newRow("prefix") << "kr1-ab"_ba
                            << "kr1-abc"_ba << false;
    QTest::newRow("empty against something") << QByteArray() << "x"_ba << false;
}

void TestSecrets::constantTimeEquals()
{
    QFETCH(QByteArray, a);
    QFETCH(QByteArray, b);
    QFETCH(bool, equal);
    QCOMPARE(crypto::constantTimeEquals(a, b), equal);
    QCOMPARE(crypto::constantTimeEquals(b, a), equal);
    QCOMPARE(SecretBuffer::copyOf(a).equals(b), equal);
}

void TestSecrets::hashSecretIsBlake2b256()
{
    // Known answer from an independent BLAKE2b implementation (Python hashlib, digest_size=32).
    QCOMPARE(crypto::hashSecret("abc").toHex(), "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319"_ba);
    QCOMPARE(crypto::hashSecret("abc"), crypto::hashSecret("abc"));
    QVERIFY(crypto::hashSecret("abd") != crypto::hashSecret("abc"));
    QCOMPARE(crypto::hashSecret({}).size(), 32);
}

void TestSecrets::secretBufferHoldsAndComparesBytes()
{
    const SecretBuffer empty;
    QVERIFY(empty.isEmpty());
    QCOMPARE(empty.size(), 0);
    QVERIFY(empty.equals({}));

    const SecretBuffer secret = SecretBuffer::copyOf("token-123");
    QCOMPARE(secret.size(), 9);
    QCOMPARE(secret.view(), "token-123"_ba);
    QVERIFY(secret.equals("token-123"));
    QVERIFY(!secret.equals("token-124"));
    QVERIFY(!secret.equals("token-12"));

    SecretBuffer sized(4);
    QCOMPARE(sized.size(), 4);
    std::fill(sized.data(), sized.data() + 4, static_cast<unsigned char>('z'));
    QVERIFY(sized.equals("zzzz"));
}

void TestSecrets::secretBufferMovesOwnership()
{
    SecretBuffer first = SecretBuffer::copyOf("abc");
    const unsigned char *bytes = first.data();
    SecretBuffer second(std::move(first));
    QCOMPARE(second.data(), bytes);
    QVERIFY(second.equals("abc"));
    QVERIFY(first.isEmpty()); // NOLINT(bugprone-use-after-move): the moved-from state is the point
    QCOMPARE(first.data(), nullptr);

    SecretBuffer third = SecretBuffer::copyOf("xyz");
    third = std::move(second);
    QVERIFY(third.equals("abc"));
    QVERIFY(second.isEmpty()); // NOLINT(bugprone-use-after-move)
}

void TestSecrets::secretFileIsCreated0600EvenUnderPermissiveUmask()
{
    const QString path = m_dir->filePath(u"admin-token"_s);
    const mode_t previous = ::umask(0);
    QString error;
    const bool written = writeSecretFile(path, "s3cret\n", &error);
    ::umask(previous);
    QVERIFY2(written, qPrintable(error));
    QCOMPARE(modeOf(path), mode_t {0600});
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), "s3cret\n"_ba);
    // Only the file itself is left behind: no temporary siblings.
    QCOMPARE(QDir(m_dir->path()).entryList(QDir::Files | QDir::Hidden), QStringList {u"admin-token"_s});
}

void TestSecrets::secretFileReplacesLooserFileAtomically()
{
    const QString path = m_dir->filePath(u"token"_s);
    QVERIFY(writePlainFile(path, "old", 0644));
    QString error;
    QVERIFY2(writeSecretFile(path, "new", &error), qPrintable(error));
    QCOMPARE(modeOf(path), mode_t {0600});
    const auto read = readSecretFile(path, &error);
    QVERIFY2(read.has_value(), qPrintable(error));
    QVERIFY(read->equals("new"));
}

void TestSecrets::secretFileWriteFailureLeavesNoTrace()
{
    const QString path = m_dir->filePath(u"missing-dir/token"_s);
    QString error;
    QVERIFY(!writeSecretFile(path, "x", &error));
    QVERIFY2(error.contains(m_dir->filePath(u"missing-dir"_s)), qPrintable(error));
    QVERIFY(!QFile::exists(path));
    QVERIFY(QDir(m_dir->path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).isEmpty());
}

void TestSecrets::secretFileReadStripsTrailingWhitespace_data()
{
    QTest::addColumn<QByteArray>("stored");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("editor newline") << "abc123\n"_ba
                                    << "abc123"_ba;
    QTest::newRow("windows line end") << "abc123\r\n"_ba
                                      << "abc123"_ba;
    QTest::newRow("trailing spaces and tabs") << "abc123 \t \n"_ba
                                              << "abc123"_ba;
    QTest::newRow("inner and leading whitespace kept") << " a b\n"_ba
                                                       << " a b"_ba;
    QTest::newRow("nothing to strip") << "abc123"_ba
                                      << "abc123"_ba;
    QTest::newRow("only whitespace") << "\n\n"_ba << QByteArray();
    QTest::newRow("empty") << QByteArray() << QByteArray();
}

void TestSecrets::secretFileReadStripsTrailingWhitespace()
{
    QFETCH(QByteArray, stored);
    QFETCH(QByteArray, expected);
    const QString path = m_dir->filePath(u"token"_s);
    QVERIFY(writeSecretFile(path, stored));
    QString error;
    const auto read = readSecretFile(path, &error);
    QVERIFY2(read.has_value(), qPrintable(error));
    QCOMPARE(read->view(), expected);

    const auto binary = readBinarySecretFile(path, &error);
    QVERIFY2(binary.has_value(), qPrintable(error));
    QCOMPARE(binary->view(), stored);
}

void TestSecrets::secretFileRefusedWhenOthersHaveAccess_data()
{
    QTest::addColumn<uint>("mode");
    QTest::newRow("0644 world-readable") << 0644u;
    QTest::newRow("0640 group-readable") << 0640u;
    QTest::newRow("0604 other-readable") << 0604u;
    QTest::newRow("0620 group-writable") << 0620u;
    QTest::newRow("0602 other-writable") << 0602u;
    QTest::newRow("0666") << 0666u;
}

void TestSecrets::secretFileRefusedWhenOthersHaveAccess()
{
    QFETCH(uint, mode);
    const QString path = m_dir->filePath(u"admin-token"_s);
    QVERIFY(writePlainFile(path, "secret", static_cast<mode_t>(mode)));
    QString error;
    QVERIFY(!readSecretFile(path, &error).has_value());
    // The message names the file and the command that fixes it.
    QVERIFY2(error.contains(path), qPrintable(error));
    QVERIFY2(error.contains(u"chmod 600 "_s + path), qPrintable(error));
    QVERIFY(!readBinarySecretFile(path).has_value());

    QVERIFY(::chmod(QFile::encodeName(path).constData(), 0600) == 0);
    QVERIFY(readSecretFile(path, &error).has_value());
    QVERIFY(::chmod(QFile::encodeName(path).constData(), 0400) == 0);
    QVERIFY(readSecretFile(path, &error).has_value());
}

void TestSecrets::secretFileMissingOrDirectoryRefused()
{
    QString error;
    const QString missing = m_dir->filePath(u"nope"_s);
    QVERIFY(!readSecretFile(missing, &error).has_value());
    QVERIFY2(error.contains(missing), qPrintable(error));

    const QString directory = m_dir->filePath(u"dir"_s);
    QVERIFY(QDir().mkdir(directory));
    QVERIFY(QFile::setPermissions(directory, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
    QVERIFY(!readSecretFile(directory, &error).has_value());
    QVERIFY2(error.contains(directory), qPrintable(error));
}

void TestSecrets::signingKeyCreatedThenReloaded()
{
    const QString path = m_dir->filePath(u"signing.key"_s);
    QString error;
    const auto created = LeaseSigner::loadOrCreate(path, &error);
    QVERIFY2(created, qPrintable(error));
    QCOMPARE(modeOf(path), mode_t {0600});
    QCOMPARE(QFileInfo(path).size(), qint64 {LeaseSigner::seedSize});
    QCOMPARE(QFile::permissions(path) & ~(QFileDevice::ReadUser | QFileDevice::WriteUser), ownerOnly());

    // A restarted server signs with the same key, so the leases it handed out still verify.
    const auto reloaded = LeaseSigner::loadOrCreate(path, &error);
    QVERIFY2(reloaded, qPrintable(error));
    QCOMPARE(reloaded->publicKey(), created->publicKey());
    QCOMPARE(reloaded->sign("message"), created->sign("message"));

    // saveSeed elsewhere gives the same key again.
    const QString copy = m_dir->filePath(u"copy.key"_s);
    QVERIFY2(created->saveSeed(copy, &error), qPrintable(error));
    QCOMPARE(modeOf(copy), mode_t {0600});
    QCOMPARE(LeaseSigner::loadOrCreate(copy, &error)->publicKey(), created->publicKey());
}

void TestSecrets::signingKeyRefusedWhenGroupReadable()
{
    const QString path = m_dir->filePath(u"signing.key"_s);
    QVERIFY(LeaseSigner::loadOrCreate(path));
    QVERIFY(::chmod(QFile::encodeName(path).constData(), 0644) == 0);
    QString error;
    QVERIFY(!LeaseSigner::loadOrCreate(path, &error));
    QVERIFY2(error.contains(u"chmod 600 "_s + path), qPrintable(error));
    // Refusing must not mean replacing: the key file is still there, untouched.
    QCOMPARE(QFileInfo(path).size(), qint64 {LeaseSigner::seedSize});
    QCOMPARE(modeOf(path), mode_t {0644});
}

void TestSecrets::signingKeyWrongSizeRefused_data()
{
    QTest::addColumn<int>("size");
    QTest::newRow("empty") << 0;
    QTest::newRow("31 bytes") << 31;
    QTest::newRow("33 bytes") << 33;
    QTest::newRow("64-byte secret key instead of seed") << 64;
}

void TestSecrets::signingKeyWrongSizeRefused()
{
    QFETCH(int, size);
    const QString path = m_dir->filePath(u"signing.key"_s);
    QVERIFY(writeSecretFile(path, QByteArray(size, 'k')));
    QString error;
    QVERIFY(!LeaseSigner::loadOrCreate(path, &error));
    QVERIFY2(error.contains(path), qPrintable(error));
    QVERIFY2(error.contains(QString::number(size)), qPrintable(error));
    QVERIFY(LeaseSigner::fromSeed(QByteArray(size, 'k')) == nullptr);
}

void TestSecrets::signingKeySeedEndingInWhitespaceByteSurvives_data()
{
    QTest::addColumn<char>("lastByte");
    QTest::newRow("0x0a") << '\n';
    QTest::newRow("0x20") << ' ';
    QTest::newRow("0x09") << '\t';
    QTest::newRow("0x0d") << '\r';
}

// A raw seed ends in a whitespace byte about once in 40 keys; stripping it like a text token
// would make the server refuse its own key after a restart.
void TestSecrets::signingKeySeedEndingInWhitespaceByteSurvives()
{
    QFETCH(char, lastByte);
    QByteArray seed(LeaseSigner::seedSize, '\x5a');
    seed[seed.size() - 1] = lastByte;
    const auto original = LeaseSigner::fromSeed(seed);
    QVERIFY(original);
    const QString path = m_dir->filePath(u"signing.key"_s);
    QVERIFY(original->saveSeed(path));
    QString error;
    const auto reloaded = LeaseSigner::loadOrCreate(path, &error);
    QVERIFY2(reloaded, qPrintable(error));
    QCOMPARE(reloaded->publicKey(), original->publicKey());
}

QTEST_GUILESS_MAIN(TestSecrets)
#include "tst_secrets.moc"
