// A borrowed lease kept on this computer (issue 27): checked with no server on a ManualClock.
#include "BorrowedLeaseFile.h"
#include "Crypto.h"
#include "LeaseClient.h"
#include "LeaseKeeper.h"
#include "LeaseSigner.h"
#include "ManualClock.h"
#include "Timestamps.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>

using namespace keyright;
using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using Verdict = BorrowedLeaseCheck::Verdict;

class TestBorrowedLease : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void heldOfflineAndPrivate();
    void returnSecretIsKeptPrivateThroughEveryRewrite();
    void expiresWithTheSkew();
    void rolledBackClockRefusedUntilRight();
    void latestSeenNeverMovesBack();
    void tamperedLeaseRefused_data();
    void tamperedLeaseRefused();
    void otherLicenseOrHolderRefused();
    void missingMalformedOrOpenFileExplained();
    void leftoverOfACrashedWriteChangesNothing();
    void failedWriteLeavesTheOldFile();
    void listsOneFilePerLicense();

    // LeaseKeeper started from a borrowed lease, with no server.
    void keeperHoldsUntilTheEndAndNeverCallsTheServer();
    void keeperDegradesWhileTheClockIsBackAndRecovers();
    void keeperWithoutABorrowedLeaseSaysWhy();

    // keyright borrowed
    void cliListsEachBorrowedLeaseAndItsOfflineCheck();

private:
    BorrowedLeaseState borrow(const QString &licenseId = u"acme-cad"_s, const QString &holder = u"alice@ws-12"_s,
                              std::chrono::hours length = 14 * 24h) const;
    QJsonObject fileJson(const BorrowedLeaseFile &file) const;
    void writeJson(const BorrowedLeaseFile &file, const QJsonObject &json) const;

    std::unique_ptr<LeaseSigner> m_signer;
    std::unique_ptr<QTemporaryDir> m_home;
    QString m_dir;
    std::unique_ptr<ManualClock> m_clock;
};

void TestBorrowedLease::initTestCase()
{
    QVERIFY(crypto::init());
    m_signer = LeaseSigner::generate();
    QVERIFY(m_signer);
}

void TestBorrowedLease::init()
{
    m_home = std::make_unique<QTemporaryDir>();
    QVERIFY(m_home->isValid());
    m_dir = m_home->filePath(u"keyright/borrowed"_s); // not there yet: write() makes it
    m_clock = std::make_unique<ManualClock>();
}

BorrowedLeaseState TestBorrowedLease::borrow(const QString &licenseId, const QString &holder,
                                             std::chrono::hours length) const
{
    SeatLease lease;
    lease.licenseId = licenseId;
    lease.seatId = u"0f1e2d3c4b5a69788796a5b4c3d2e1f0"_s;
    lease.holder = holder;
    lease.generation = 7;
    lease.issuedAt = m_clock->now();
    lease.expiresAt = m_clock->now().addMSecs(std::chrono::milliseconds(length).count());
    lease.borrowed = true;
    return BorrowedLeaseState {m_signer->signLease(lease), m_signer->publicKey(), u"https://keys.example.com:8443"_s,
                               m_clock->now()};
}

QJsonObject TestBorrowedLease::fileJson(const BorrowedLeaseFile &file) const
{
    QFile f(file.path());
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

void TestBorrowedLease::writeJson(const BorrowedLeaseFile &file, const QJsonObject &json) const
{
    QFile f(file.path());
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(QJsonDocument(json).toJson());
}

void TestBorrowedLease::returnSecretIsKeptPrivateThroughEveryRewrite()
{
    // Issue 27 (walk 51b N7): the secret that returns the seat early is in the file, owner-only,
    // and survives the offline check's rewrite and a reload; a file written before it existed
    // still reads (its seat returns with the key alone), a damaged one is named.
    const auto file = BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir);
    BorrowedLeaseState state = borrow();
    state.returnSecret = BorrowReturnSecret::generate();
    QString why;
    QVERIFY2(file.write(state, &why), qPrintable(why));
    struct stat info
    { };
    QCOMPARE(::stat(QFile::encodeName(file.path()).constData(), &info), 0);
    QCOMPARE(info.st_mode & 0777, 0600u);
    QCOMPARE(fileJson(file).value(u"returnSecret"_s).toString(), state.returnSecret.toHex());

    m_clock->advance(24h);
    const BorrowedLeaseCheck check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QVERIFY2(check.held(), qPrintable(check.reason));
    QVERIFY(check.state->returnSecret == state.returnSecret);
    const auto reloaded = BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir).read(&why);
    QVERIFY2(reloaded, qPrintable(why));
    QCOMPARE(reloaded->latestSeen, m_clock->now()); // rewritten by the check...
    QVERIFY(reloaded->returnSecret == state.returnSecret); // ...with the secret kept
    QVERIFY(reloaded->returnSecret.matches(state.returnSecret.hash()));
    QVERIFY(!reloaded->returnSecret.matches(BorrowReturnSecret::generate().hash()));

    QJsonObject json = fileJson(file);
    json.remove(u"returnSecret"_s);
    writeJson(file, json);
    const auto older = file.read(&why);
    QVERIFY2(older, qPrintable(why));
    QVERIFY(!older->returnSecret.isSet());

    json.insert(u"returnSecret"_s, u"0123"_s);
    writeJson(file, json);
    QVERIFY(!file.read(&why));
    QVERIFY2(why.contains(u"returnSecret"_s) && why.contains(u"damaged"_s), qPrintable(why));
}

void TestBorrowedLease::heldOfflineAndPrivate()
{
    const auto file = BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir);
    QCOMPARE(file.path(), m_dir + u"/acme-cad.json"_s);
    QString why;
    QVERIFY2(file.write(borrow(), &why), qPrintable(why));

    struct stat info
    { };
    QCOMPARE(::stat(QFile::encodeName(file.path()).constData(), &info), 0);
    QCOMPARE(info.st_mode & 0777, 0600u);
    QCOMPARE(::stat(QFile::encodeName(m_dir).constData(), &info), 0);
    QCOMPARE(info.st_mode & 0777, 0700u);

    const QJsonObject json = fileJson(file);
    QCOMPARE(json.value(u"lease"_s).toObject().value(u"borrowed"_s), QJsonValue(true));
    QCOMPARE(json.value(u"serverUrl"_s).toString(), u"https://keys.example.com:8443"_s);
    QCOMPARE(json.value(u"publicKey"_s).toString(), QString::fromLatin1(m_signer->publicKey().toBase64()));
    QCOMPARE(json.value(u"latestSeen"_s).toString(), u"2026-11-29T21:00:00.000Z"_s);

    m_clock->advance(3 * 24h);
    const BorrowedLeaseCheck check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QVERIFY2(check.held(), qPrintable(check.reason));
    QVERIFY(check.reason.isEmpty());
    QCOMPARE(check.state->lease.expiresAt, QDateTime::fromMSecsSinceEpoch(1795986000000, Qt::UTC).addDays(14));
    // With the key the application ships, too.
    QVERIFY(file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock, 30s, m_signer->publicKey()).held());
    // Still private after latestSeen was written back.
    QCOMPARE(::stat(QFile::encodeName(file.path()).constData(), &info), 0);
    QCOMPARE(info.st_mode & 0777, 0600u);
}

void TestBorrowedLease::expiresWithTheSkew()
{
    const auto file = BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir);
    QVERIFY(file.write(borrow(u"acme-cad"_s, u"alice@ws-12"_s, 24h)));

    m_clock->advance(24h + 30s);
    QVERIFY(file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock).held());
    m_clock->advance(1ms);
    const BorrowedLeaseCheck check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QCOMPARE(check.verdict, Verdict::Expired);
    QCOMPARE(check.reason,
             u"The borrowed lease of license acme-cad ended at 2026-11-30T21:00:00.000Z; borrow a seat again when the "
             u"server can be reached."_s);
    // A larger skew is the license's to give.
    QVERIFY(file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock, 1min).held());
}

void TestBorrowedLease::rolledBackClockRefusedUntilRight()
{
    const auto file = BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir);
    QVERIFY(file.write(borrow(u"acme-cad"_s, u"alice@ws-12"_s, 24h)));

    // Used until an hour before the end ...
    m_clock->advance(23h);
    QVERIFY(file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock).held());
    const QDateTime seen = m_clock->now();
    // ... then the clock is set back two days to stretch the borrow.
    m_clock->setNow(seen.addDays(-2));
    BorrowedLeaseCheck check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QCOMPARE(check.verdict, Verdict::ClockBehind);
    QCOMPARE(check.reason,
             u"The clock of this computer is 2d 0h behind the latest time seen (2026-11-30T20:00:00.000Z); the "
             u"borrowed lease is refused until the clock is right."_s);
    // A restart of the application does not forget it: latestSeen is on disk.
    check = BorrowedLeaseFile(file.path()).check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QCOMPARE(check.verdict, Verdict::ClockBehind);

    // Within the skew behind is a clock's ordinary wobble.
    m_clock->setNow(seen.addMSecs(-30'000));
    QVERIFY(file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock).held());
    m_clock->setNow(seen.addMSecs(-30'001));
    QCOMPARE(file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock).verdict, Verdict::ClockBehind);

    // The clock is right again: held, until the real end.
    m_clock->setNow(seen.addSecs(60));
    QVERIFY(file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock).held());
    m_clock->setNow(seen.addSecs(3600).addMSecs(30'001));
    QCOMPARE(file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock).verdict, Verdict::Expired);
}

void TestBorrowedLease::latestSeenNeverMovesBack()
{
    const auto file = BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir);
    QVERIFY(file.write(borrow()));
    m_clock->advance(5 * 24h);
    QVERIFY(file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock).held());
    QCOMPARE(fileJson(file).value(u"latestSeen"_s).toString(), u"2026-12-04T21:00:00.000Z"_s);

    // Behind, but within the skew: held, and latestSeen stays where it was.
    m_clock->setNow(m_clock->now().addSecs(-20));
    const BorrowedLeaseCheck check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QVERIFY(check.held());
    QCOMPARE(formatTimestamp(check.state->latestSeen), u"2026-12-04T21:00:00.000Z"_s);
    QCOMPARE(fileJson(file).value(u"latestSeen"_s).toString(), u"2026-12-04T21:00:00.000Z"_s);
    // Refused far behind: still not moved.
    m_clock->setNow(m_clock->now().addDays(-1));
    QCOMPARE(file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock).verdict, Verdict::ClockBehind);
    QCOMPARE(fileJson(file).value(u"latestSeen"_s).toString(), u"2026-12-04T21:00:00.000Z"_s);
}

void TestBorrowedLease::tamperedLeaseRefused_data()
{
    QTest::addColumn<QString>("change");
    QTest::addColumn<int>("verdict");
    QTest::newRow("borrow extended a week in the file") << u"expiresAt"_s << int(Verdict::BadSignature);
    QTest::newRow("holder rewritten") << u"holder"_s << int(Verdict::BadSignature);
    QTest::newRow("signed by another key, key replaced to match")
        << u"otherKeyBoth"_s << int(Verdict::BadSignature); // caught only by the pinned key
    QTest::newRow("public key replaced") << u"publicKey"_s << int(Verdict::BadSignature);
    QTest::newRow("borrowed flag dropped") << u"flag"_s << int(Verdict::Unreadable);
}

void TestBorrowedLease::tamperedLeaseRefused()
{
    QFETCH(QString, change);
    QFETCH(int, verdict);
    const auto file = BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir);
    BorrowedLeaseState state = borrow();
    QVERIFY(file.write(state));
    QJsonObject json = fileJson(file);
    QJsonObject lease = json.value(u"lease"_s).toObject();
    const auto other = LeaseSigner::generate();

    if (change == u"expiresAt")
        lease.insert(u"expiresAt"_s, formatTimestamp(state.lease.expiresAt.addDays(7)));
    else if (change == u"holder")
        lease.insert(u"holder"_s, u"bob@ws-12"_s);
    else if (change == u"publicKey")
        json.insert(u"publicKey"_s, QString::fromLatin1(other->publicKey().toBase64()));
    else if (change == u"otherKeyBoth") {
        state.lease.expiresAt = state.lease.expiresAt.addDays(7);
        state.lease = other->signLease(state.lease);
        state.publicKey = other->publicKey();
        QVERIFY(file.write(state));
        json = fileJson(file);
        lease = json.value(u"lease"_s).toObject();
    } else if (change == u"flag")
        lease.remove(u"borrowed"_s);
    json.insert(u"lease"_s, lease);
    writeJson(file, json);

    const BorrowedLeaseCheck check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock, 30s, m_signer->publicKey());
    QCOMPARE(int(check.verdict), verdict);
    QVERIFY(!check.held());
    QVERIFY2(check.reason.contains(verdict == int(Verdict::Unreadable) ? u"not a borrowed one"_s
                                                                       : u"borrow the seat again"_s),
             qPrintable(check.reason));
}

void TestBorrowedLease::otherLicenseOrHolderRefused()
{
    // Another license's lease copied under this license's name.
    const auto file = BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir);
    QVERIFY(file.write(borrow(u"acme-cae"_s)));
    BorrowedLeaseCheck check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QCOMPARE(check.verdict, Verdict::OtherLicense);
    QCOMPARE(check.reason, u"The borrowed lease in %1 is for license acme-cae, not acme-cad."_s.arg(file.path()));

    // Another user's lease.
    QVERIFY(file.write(borrow(u"acme-cad"_s, u"bob@ws-40"_s)));
    check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QCOMPARE(check.verdict, Verdict::OtherHolder);
    QCOMPARE(check.reason, u"The borrowed lease of license acme-cad is held by bob@ws-40, not by alice@ws-12."_s);
    QVERIFY(file.check(u"acme-cad"_s, u"bob@ws-40"_s, *m_clock).held());
}

void TestBorrowedLease::missingMalformedOrOpenFileExplained()
{
    const auto file = BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir);
    BorrowedLeaseCheck check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QCOMPARE(check.verdict, Verdict::Missing);
    QCOMPARE(check.reason, u"There is no borrowed lease of license acme-cad on this computer."_s);

    QVERIFY(file.write(borrow()));
    QFile::setPermissions(file.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadOther);
    check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QCOMPARE(check.verdict, Verdict::Unreadable);
    QCOMPARE(check.reason, u"The borrowed lease file %1 is open to other users; run chmod 600 %1."_s.arg(file.path()));
    QVERIFY(!check.damaged); // the lease in it may well be good
    QFile::setPermissions(file.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner);

    {
        QFile f(file.path());
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("{\"lease\": {\"licenseId\": \"acme-cad\"");
    }
    check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QCOMPARE(check.verdict, Verdict::Unreadable);
    QVERIFY2(
        check.reason.startsWith(u"The borrowed lease file %1 is damaged: it is not a JSON object"_s.arg(file.path())),
        qPrintable(check.reason));
    QVERIFY(check.damaged);

    // A JSON object without its lease: the lease is called missing.
    writeJson(file, QJsonObject {});
    check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QVERIFY2(check.reason.startsWith(u"The borrowed lease file %1 is damaged: lease is missing."_s.arg(file.path())),
             qPrintable(check.reason));
    QVERIFY(check.damaged);

    QJsonObject json {{u"lease"_s, QJsonObject {{u"licenseId"_s, u"acme-cad"_s}}}};
    writeJson(file, json);
    check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QCOMPARE(check.verdict, Verdict::Unreadable);
    // What to do with it, since no command can use it again (cli55): not "borrow again", which
    // `keyright borrow` refuses while the file is there.
    QCOMPARE(
        check.reason,
        u"The borrowed lease file %1 is damaged: seatId is missing. This computer can no longer use or return "
        "the seat it held: move the file out of its folder (or delete it) to borrow again. The server counts "
        "that seat until its borrow ends; an admin can write it off to record that it is lost."_s.arg(file.path()));
    QVERIFY(check.damaged);

    QVERIFY(file.write(borrow()));
    json = fileJson(file);
    json.insert(u"latestSeen"_s, u"2026-11-29 21:00"_s);
    writeJson(file, json);
    check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QCOMPARE(check.verdict, Verdict::Unreadable);
    QVERIFY2(check.reason.contains(u"latestSeen must be a UTC timestamp"_s), qPrintable(check.reason));
    // The lease member read: the message names the seat for the admin's write-off, and the check
    // hands that (unverified) lease on for a listing.
    QVERIFY(check.damagedLease);
    QVERIFY2(check.reason.contains(u"an admin can write seat %1 off"_s.arg(check.damagedLease->seatId)),
             qPrintable(check.reason));

    // A member left out is called missing, not malformed.
    json = fileJson(file);
    json.remove(u"publicKey"_s);
    writeJson(file, json);
    check = file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock);
    QCOMPARE(check.verdict, Verdict::Unreadable);
    QVERIFY2(check.reason.contains(u"is damaged: publicKey is missing."_s), qPrintable(check.reason));
}

void TestBorrowedLease::leftoverOfACrashedWriteChangesNothing()
{
    const auto file = BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir);
    QVERIFY(file.write(borrow()));
    const QJsonObject before = fileJson(file);
    // What a crash between QSaveFile's first byte and its rename leaves: half a file beside it.
    {
        QFile leftover(file.path() + u".aBc123"_s);
        QVERIFY(leftover.open(QIODevice::WriteOnly));
        leftover.write("{\"lease\": {\"licenseId\": \"acme-cad\", \"seatId\": \"0f1e");
    }
    QCOMPARE(BorrowedLeaseFile::list(m_dir).size(), 1);
    QCOMPARE(fileJson(file), before);
    m_clock->advance(1h);
    QVERIFY(file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock).held());
    // And the next write goes through beside it.
    QString why;
    QVERIFY2(file.write(borrow(), &why), qPrintable(why));
}

void TestBorrowedLease::failedWriteLeavesTheOldFile()
{
    const auto file = BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir);
    QVERIFY(file.write(borrow()));
    const QJsonObject before = fileJson(file);
    const QStringList entriesBefore = QDir(m_dir).entryList(QDir::Files | QDir::Hidden);

    // The disk refuses after 100 bytes (as when it is full), even for root: the write fails midway.
    struct rlimit limit
    { };
    QCOMPARE(::getrlimit(RLIMIT_FSIZE, &limit), 0);
    const struct rlimit saved = limit;
    const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    limit.rlim_cur = 100;
    QCOMPARE(::setrlimit(RLIMIT_FSIZE, &limit), 0);
    QString why;
    BorrowedLeaseState longer = borrow(u"acme-cad"_s, u"alice@ws-12"_s, 30 * 24h);
    const bool written = file.write(longer, &why);
    ::setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, previousHandler);

    QVERIFY(!written);
    QVERIFY2(why.startsWith(u"Cannot write the borrowed lease file %1"_s.arg(file.path())), qPrintable(why));
    QVERIFY2(why.endsWith(u"the previous file is unchanged."_s), qPrintable(why));
    QCOMPARE(fileJson(file), before);
    QCOMPARE(QDir(m_dir).entryList(QDir::Files | QDir::Hidden), entriesBefore); // no temporary file left
    m_clock->advance(1h);
    QVERIFY(file.check(u"acme-cad"_s, u"alice@ws-12"_s, *m_clock).held());
}

void TestBorrowedLease::listsOneFilePerLicense()
{
    QVERIFY(BorrowedLeaseFile::list(m_dir).isEmpty()); // no folder yet
    QVERIFY(BorrowedLeaseFile::forLicense(u"acme-cae"_s, m_dir).write(borrow(u"acme-cae"_s)));
    QVERIFY(BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir).write(borrow(u"acme-cad"_s)));
    const QList<BorrowedLeaseFile> files = BorrowedLeaseFile::list(m_dir);
    QCOMPARE(files.size(), 2);
    QCOMPARE(files.at(0).path(), m_dir + u"/acme-cad.json"_s);
    QCOMPARE(files.at(1).path(), m_dir + u"/acme-cae.json"_s);
    QVERIFY(files.at(1).check(*m_clock).held());

    QVERIFY(files.at(0).remove());
    QVERIFY(!files.at(0).exists());
    QVERIFY(files.at(0).remove()); // nothing left to remove is not an error
    QCOMPARE(BorrowedLeaseFile::list(m_dir).size(), 1);
}

namespace {

// A lease server address where nothing is served: the test counts the connections made to it.
struct SilentServer
{
    QTcpServer listener;
    int connections = 0;

    SilentServer()
    {
        QObject::connect(&listener, &QTcpServer::newConnection, &listener, [this] {
            while (QTcpSocket *socket = listener.nextPendingConnection()) {
                ++connections;
                socket->close();
            }
        });
        listener.listen(QHostAddress::LocalHost);
    }
    QUrl url() const { return QUrl(u"http://127.0.0.1:%1"_s.arg(listener.serverPort())); }
};

} // namespace

void TestBorrowedLease::keeperHoldsUntilTheEndAndNeverCallsTheServer()
{
    const auto file = BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir);
    QVERIFY(file.write(borrow(u"acme-cad"_s, u"alice@ws-12"_s, 2 * 24h)));

    SilentServer server;
    QVERIFY(server.listener.isListening());
    QNetworkAccessManager network;
    LeaseClient client(network);
    client.setServerUrl(server.url());
    client.setLicense(u"acme-cad"_s, "key");
    LeaseKeeper keeper(client, *m_clock);
    keeper.setHolder(u"alice@ws-12"_s);
    QSignalSpy acquired(&keeper, &LeaseKeeper::acquired);
    QSignalSpy lapsed(&keeper, &LeaseKeeper::lapsed);
    QSignalSpy degraded(&keeper, &LeaseKeeper::degraded);

    keeper.startBorrowed(file, u"acme-cad"_s);
    QVERIFY(keeper.isBorrowed());
    QCOMPARE(keeper.state(), LeaseKeeper::State::Holding);
    QVERIFY(keeper.isActing());
    QCOMPARE(acquired.size(), 1);
    QVERIFY(keeper.lease()->borrowed);
    QCOMPARE(keeper.believedExpiry(), keeper.lease()->expiresAt);

    // Two days in steps of an hour: a heartbeat would be due many times over for a lease.
    for (int step = 0; step < 2 * 24; ++step) {
        m_clock->advance(1h);
        keeper.evaluate();
        QCoreApplication::processEvents();
        QVERIFY(keeper.isActing());
        QVERIFY(!keeper.isRequestPending());
    }
    QCOMPARE(acquired.size(), 1);
    QCOMPARE(degraded.size(), 0);
    // latestSeen was carried forward on disk by the keeper's checks.
    QCOMPARE(fileJson(file).value(u"latestSeen"_s).toString(), formatTimestamp(m_clock->now()));

    // The end of the borrow, with the skew: at once for isActing(), at the next evaluation for the state.
    m_clock->advance(30s + 1ms);
    QVERIFY(!keeper.isActing());
    keeper.evaluate();
    QCOMPARE(keeper.state(), LeaseKeeper::State::Degraded);
    QCOMPARE(lapsed.size(), 1);
    QCOMPARE(degraded.size(), 1);
    QCOMPARE(degraded.at(0).at(0).toString(),
             u"The borrowed lease of license acme-cad ended at 2026-12-01T21:00:00.000Z; borrow a seat again when the "
             u"server can be reached."_s);
    QCOMPARE(keeper.lastError(), degraded.at(0).at(0).toString());

    QSignalSpy released(&keeper, &LeaseKeeper::released);
    keeper.release();
    QVERIFY(released.wait(1000));
    QCoreApplication::processEvents();
    QCOMPARE(server.connections, 0);
    QVERIFY(file.exists()); // stopping the application does not return the borrow
}

void TestBorrowedLease::keeperDegradesWhileTheClockIsBackAndRecovers()
{
    const auto file = BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir);
    QVERIFY(file.write(borrow(u"acme-cad"_s, u"alice@ws-12"_s, 24h)));
    QNetworkAccessManager network;
    LeaseClient client(network);
    LeaseKeeper keeper(client, *m_clock);
    keeper.setHolder(u"alice@ws-12"_s);
    QSignalSpy degraded(&keeper, &LeaseKeeper::degraded);
    QSignalSpy recovered(&keeper, &LeaseKeeper::recovered);

    m_clock->advance(20h);
    keeper.startBorrowed(file, u"acme-cad"_s);
    QVERIFY(keeper.isActing());
    const QDateTime seen = m_clock->now();

    m_clock->setNow(seen.addDays(-3));
    QVERIFY(!keeper.isActing()); // at once, before any evaluation
    keeper.evaluate();
    QCOMPARE(keeper.state(), LeaseKeeper::State::Degraded);
    QCOMPARE(degraded.size(), 1);
    QCOMPARE(degraded.at(0).at(0).toString(),
             u"The clock of this computer is 3d 0h behind the latest time seen (2026-11-30T17:00:00.000Z); the "
             u"borrowed lease is refused until the clock is right."_s);
    // Still back a minute later: the same refusal, not told again.
    m_clock->advance(2min);
    keeper.evaluate();
    QCOMPARE(degraded.size(), 1);
    QVERIFY(!keeper.isActing());

    m_clock->setNow(seen.addSecs(5));
    keeper.evaluate();
    QCOMPARE(keeper.state(), LeaseKeeper::State::Holding);
    QVERIFY(keeper.isActing());
    QCOMPARE(recovered.size(), 1);
    QVERIFY(keeper.lastError().isEmpty());
}

void TestBorrowedLease::keeperWithoutABorrowedLeaseSaysWhy()
{
    const auto file = BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir);
    QNetworkAccessManager network;
    LeaseClient client(network);
    LeaseKeeper keeper(client, *m_clock);
    keeper.setHolder(u"alice@ws-12"_s);
    QSignalSpy degraded(&keeper, &LeaseKeeper::degraded);
    keeper.startBorrowed(file, u"acme-cad"_s);
    QCOMPARE(keeper.state(), LeaseKeeper::State::Degraded);
    QVERIFY(!keeper.isActing());
    QVERIFY(!keeper.lease());
    QCOMPARE(degraded.size(), 1);
    QCOMPARE(keeper.lastError(), u"There is no borrowed lease of license acme-cad on this computer."_s);

    // Bob's lease is not Alice's.
    keeper.release();
    QVERIFY(file.write(borrow(u"acme-cad"_s, u"bob@ws-40"_s)));
    keeper.startBorrowed(file, u"acme-cad"_s);
    QCOMPARE(keeper.state(), LeaseKeeper::State::Degraded);
    QCOMPARE(keeper.lastError(), u"The borrowed lease of license acme-cad is held by bob@ws-40, not by alice@ws-12."_s);
}

void TestBorrowedLease::cliListsEachBorrowedLeaseAndItsOfflineCheck()
{
    const auto runCli = [this](const QStringList &arguments) {
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"XDG_DATA_HOME"_s, m_home->path());
        process.setProcessEnvironment(env);
        const QString binary
            = qEnvironmentVariable("KEYRIGHT_CLI_BINARY", QStringLiteral(KEYRIGHT_BINARY_DIR "/client/cli/keyright"));
        process.start(binary, arguments);
        if (!process.waitForFinished(20000))
            process.kill();
        return std::pair {process.exitCode(),
                          QString::fromUtf8(process.readAllStandardOutput())
                              + QString::fromUtf8(process.readAllStandardError())};
    };

    auto [code, out] = runCli({u"borrowed"_s});
    QCOMPARE(code, 0);
    QCOMPARE(out.trimmed(), u"No seat is borrowed on this computer (%1 holds no borrowed lease)."_s.arg(m_dir));

    // The CLI reads the machine's clock: leases borrowed now.
    m_clock->setNow(QDateTime::currentDateTimeUtc());
    const BorrowedLeaseState good = borrow(u"acme-cad"_s, u"alice@ws-12"_s, 7 * 24h);
    QVERIFY(BorrowedLeaseFile::forLicense(u"acme-cad"_s, m_dir).write(good));
    BorrowedLeaseState stretched = borrow(u"acme-cae"_s, u"alice@ws-12"_s, 24h);
    stretched.lease.expiresAt = stretched.lease.expiresAt.addDays(30); // signature no longer covers it
    QVERIFY(BorrowedLeaseFile::forLicense(u"acme-cae"_s, m_dir).write(stretched));

    std::tie(code, out) = runCli({u"borrowed"_s});
    QCOMPARE(code, 0);
    const QStringList lines = out.trimmed().split(u'\n');
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines.at(0).startsWith(u"LICENSE"_s) && lines.at(0).contains(u"OFFLINE CHECK"_s), qPrintable(out));
    QVERIFY2(lines.at(1).startsWith(u"acme-cad"_s) && lines.at(1).contains(u"alice@ws-12"_s)
                 && lines.at(1).contains(formatTimestamp(good.lease.expiresAt)) && lines.at(1).endsWith(u" ok"_s),
             qPrintable(out));
    QVERIFY2(lines.at(2).startsWith(u"acme-cae"_s)
                 && lines.at(2).endsWith(u"does not match its signature: it was changed after the server signed it; "
                                         u"give it back with `keyright return acme-cae`, then borrow the seat again."_s)
                 // The changed end is not shown as if the server had signed it.
                 && !lines.at(2).contains(formatTimestamp(stretched.lease.expiresAt)),
             qPrintable(out));

    std::tie(code, out) = runCli({u"borrowed"_s, u"--json"_s});
    QCOMPARE(code, 0);
    const QJsonObject json = QJsonDocument::fromJson(out.toUtf8()).object();
    QCOMPARE(json.value(u"directory"_s).toString(), m_dir);
    const QJsonArray rows = json.value(u"borrowed"_s).toArray();
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows.at(0).toObject().value(u"licenseId"_s).toString(), u"acme-cad"_s);
    QCOMPARE(rows.at(0).toObject().value(u"ok"_s), QJsonValue(true));
    QCOMPARE(rows.at(0).toObject().value(u"expiresAt"_s).toString(), formatTimestamp(good.lease.expiresAt));
    QVERIFY(!rows.at(0).toObject().contains(u"problem"_s));
    QCOMPARE(rows.at(1).toObject().value(u"ok"_s), QJsonValue(false));
    QVERIFY(rows.at(1).toObject().value(u"problem"_s).toString().contains(u"does not match its signature"_s));

    std::tie(code, out) = runCli({u"borrowed"_s, u"extra"_s});
    QCOMPARE(code, 2);
}

QTEST_GUILESS_MAIN(TestBorrowedLease)
#include "tst_borrowedlease.moc"
