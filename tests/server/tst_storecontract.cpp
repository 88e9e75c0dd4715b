// The LeaseStore contract, run against both stores: every case runs once on SQLite (a file in a
// temporary directory) and once on PostgreSQL (a fresh database of the lead's PgTestDatabase,
// skipped with its reason when there is none, failed when KEYRIGHT_REQUIRE_PG=1). Cases that need
// two connections to one database (lock waits, SKIP LOCKED, two migrations at once, a cut
// connection) only mean something on PostgreSQL: SQLite allows one server per file by design
// (locking_mode=EXCLUSIVE), so they skip there and say so.

#include "ClockReference.h"
#include "LeasePredicate.h"
#include "ManualClock.h"
#include "PgTestDatabase.h"
#include "SkewedClock.h"
#include "SystemClock.h"
#include "store/PgConnectionInfo.h"
#include "store/PgLeaseStore.h"
#include "store/SqliteLeaseStore.h"
#include "wire/EventDetail.h"
#include "wire/Identifiers.h"

#include <QDeadlineTimer>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimeZone>
#include <QUrl>

#include <atomic>
#include <chrono>
#include <functional>
#include <future>
#include <latch>
#include <limits>
#include <memory>
#include <thread>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright::server {

namespace {

QDateTime at(qint64 seconds)
{
    return QDateTime::fromMSecsSinceEpoch(1'800'000'000'000 + seconds * 1000, Qt::UTC);
}

LicenseRecord licenseRecord(const QString &id, int seats = 5)
{
    return LicenseRecord {id, u"License "_s + id, *SeatPolicy::create(seats, 60s, 5s, 10s), QByteArray(32, 'k'), 0, {}};
}

StoredLease leaseRow(const QString &licenseId, const QString &seatId, qint64 expiresAt, const QString &holder = {},
                     const QString &requestId = {})
{
    StoredLease row;
    row.lease.licenseId = licenseId;
    row.lease.seatId = seatId;
    row.lease.holder = holder.isEmpty() ? u"holder-"_s + seatId : holder;
    row.lease.generation = 1;
    row.lease.issuedAt = at(expiresAt - 60);
    row.lease.expiresAt = at(expiresAt);
    row.lease.signature = QByteArray(64, 's');
    row.requestId = requestId;
    return row;
}

// The license's seat ids, sorted.
QStringList seatIdsOf(LeaseStore &store, const QString &licenseId)
{
    QStringList seats;
    for (const StoredLease &row : store.leases(licenseId))
        seats.append(row.lease.seatId);
    seats.sort();
    return seats;
}

StoredTicket ticketRow(const QString &licenseId, const QString &ticketId, qint64 lineSeq, qint64 expiresAt,
                       qint64 giveUpAt = 1000, const QString &requestId = {})
{
    StoredTicket t;
    t.licenseId = licenseId;
    t.ticketId = ticketId;
    t.holder = u"waiter-"_s + ticketId;
    t.requestId = requestId;
    t.lineSeq = lineSeq;
    t.queuedAt = at(lineSeq);
    t.expiresAt = at(expiresAt);
    t.giveUpAt = at(giveUpAt);
    return t;
}

EventRecord eventOf(EventKind kind, const QString &licenseId, const QString &holder, qint64 time)
{
    EventRecord event;
    event.time = at(time);
    event.kind = kind;
    event.licenseId = licenseId;
    event.holder = holder;
    event.actor = u"test"_s;
    event.detail = QJsonObject {{u"n"_s, time}};
    return event;
}

// A PostgreSQL store of its own, made, used and destroyed on the calling thread (Qt SQL
// connections belong to one thread).
std::unique_ptr<PgLeaseStore> openPg(const QString &url, QString *error)
{
    const auto info = PgConnectionInfo::parse(url, error);
    if (!info)
        return nullptr;
    auto store = std::make_unique<PgLeaseStore>(*info, std::nullopt, SystemClock::instance());
    if (!store->open(error))
        return nullptr;
    return store;
}

} // namespace

class TestStoreContract : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase_data();
    void init();
    void cleanup();

    void licensesRoundTrip();
    void leaseRowsRoundTrip();
    void everyCharacterComesBackOrIsRefused();
    void acceptedTextComesBackInEveryColumn_data();
    void acceptedTextComesBackInEveryColumn();
    void leadingCharactersComeBackOrAreRefused();
    void renewLeaseIfUnchangedWritesOnlyAnUnchangedRow();
    void lastActivityIsWrittenWithEachRenewal();
    void chunkedExpiryListingComesEarliestFirst();
    void requestIdNamesOneRow();
    void failedStatementThrowsAndKeepsNothing();
    void eventsComeInOrderAndFilter();
    void eventRetentionDeletesInChunks();
    void countersNeverGoDownAndSaturate();
    void tokensRoundTrip();
    void instancesAreUpsertedAndRemoved();
    void blocksRoundTrip();
    void queueTicketsRoundTripInLineOrder();
    void deadTicketsComeInChunks();
    void seatRulesRoundTrip();
    void seatRulesRollBackWithTheirUnit();
    void heldGroupsMakeAGroupsChangeElsewhereWait();
    void batchUnitRollbackKeepsTheOthers();
    void batchRollbackKeepsNone();
    void batchCommitFailureKeepsNone();
    void migrationIsIdempotent();
    void aDatabaseFromBeforeActivityReadsItAsUnknown();
    void reclaimMarksSurviveRenewalsUntilLifted();
    void writeOffsAreKeptOnTheRow();
    void returnSecretHashesAreKeptOnTheRow();
    void twoStoresMigrateOneDatabaseAtOnce();
    void otherLicensesNeverWaitButTheSameOneDoes();
    void skipLockedChunksAreDisjoint();
    void deadlockedUnitIsRetried();
    void lostConnectionNamesTheDatabaseAndRecovers();
    void connectionLostDuringCommitLeavesTheOutcomeUnknown();
    void batchWhoseConnectionIsLostIsUnavailable();
    void aTurnWhoseLocksFailKeepsAndHoldsNothing();
    void unreachableDatabaseIsNamed();
    void databaseClockIgnoresTheLocalClock();
    void reconnectionAdvancesTheClockBeforeDeciding();
    void clockReferenceRoundTrips();
    void databaseNowIsTheSharedExtrapolation();
    void decisionNowNeverGoesBackForALicense();
    void licensesWaitedForAreDecidedWithTheNowAfterTheWait();
    void aBatchHoldingLicensesSeesItsOwnWrites();
    void aBatchHoldingLicensesReadsEveryTableAsWritten();
    void spansWrittenTogetherEqualSpansWrittenOneByOne();
    void eventsRecordedTogetherComeBackAsRecorded();
    void generationsHeldBackInATurnAreWrittenOnce();
    void leasesInsertedInATurnReadAsTheTableKeepsThem();
    void everyFieldOfALeaseInsertedInATurnIsKept();
    void aTurnsInsertThatFailsUndoesItsUnitAlone();
    void expectedCheckoutsReadTogetherAnswerAsAlone();
    void leasesDeletedInATurnAreGoneOnceAndForAll();
    void aLicenseOfManySeatsIsCountedWithoutItsRows();
    void rowsReadAndDeletedGoWithTheirUnit();
    void referenceAdvancesByRealTimeAcrossAStep();
    void aReferenceNoInstanceAdvancedIsMadeAgain();
    void signingKeyIsRecordedOnce();
    void badDatabaseUrisAreRefused_data();
    void badDatabaseUrisAreRefused();
    void multiHostDatabaseUrisAreRead_data();
    void multiHostDatabaseUrisAreRead();
    void postgresHostListSkipsAnUnreachableHost();
    void postgresAsynchronousCommitIsNamed();
    void namedButAbsentStandbyIsAProblem();

private:
    bool isPg() const { return m_isPg; }
    // A second store object on the same database, opened on this thread.
    std::unique_ptr<SqlLeaseStore> reopen();

    bool m_isPg = false; // the global data row, taken in init()
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<PgTestDatabase> m_pg;
    std::unique_ptr<SqlLeaseStore> m_store;
};

void TestStoreContract::initTestCase_data()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << u"sqlite"_s;
    QTest::newRow("postgresql") << u"postgresql"_s;
}

void TestStoreContract::init()
{
    QString error;
    QFETCH_GLOBAL(QString, backend);
    m_isPg = backend == u"postgresql"_s;
    if (isPg()) {
        m_pg = std::make_unique<PgTestDatabase>();
        KEYRIGHT_REQUIRE_PG_OR_SKIP(*m_pg);
        m_store = openPg(m_pg->url(), &error);
    } else {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        auto store = std::make_unique<SqliteLeaseStore>(m_dir->filePath(u"keyright.sqlite"_s));
        if (store->open(&error))
            m_store = std::move(store);
    }
    QVERIFY2(m_store, qPrintable(error));
    m_store->withStore([&] {
        m_store->insertLicense(licenseRecord(u"alpha"_s));
        m_store->insertLicense(licenseRecord(u"beta"_s));
    });
}

void TestStoreContract::cleanup()
{
    m_store.reset();
    m_pg.reset();
    m_dir.reset();
}

std::unique_ptr<SqlLeaseStore> TestStoreContract::reopen()
{
    QString error;
    std::unique_ptr<SqlLeaseStore> store;
    if (isPg()) {
        store = openPg(m_pg->url(), &error);
    } else {
        m_store.reset(); // one connection per file
        auto sqlite = std::make_unique<SqliteLeaseStore>(m_dir->filePath(u"keyright.sqlite"_s));
        if (sqlite->open(&error))
            store = std::move(sqlite);
    }
    if (!store)
        qWarning("reopen: %s", qPrintable(error));
    return store;
}

void TestStoreContract::licensesRoundTrip()
{
    LicenseRecord changed = licenseRecord(u"alpha"_s, 7);
    changed.name = u"Renamed"_s;
    changed.lastGeneration = 42;
    m_store->withLicense(u"alpha"_s, [&] { m_store->updateLicense(changed); });
    const auto read = m_store->license(u"alpha"_s);
    QVERIFY(read);
    QCOMPARE(read->name, u"Renamed"_s);
    QCOMPARE(read->policy.seatCount(), 7);
    QCOMPARE(read->lastGeneration, quint64(42));
    QCOMPARE(read->keyHash, QByteArray(32, 'k'));
    QVERIFY(!m_store->license(u"gamma"_s));
    QCOMPARE(m_store->licenses().size(), 2);
    QCOMPARE(m_store->licenses().first().id, u"alpha"_s);
    QVERIFY_THROWS_EXCEPTION(StoreError,
                             m_store->withStore([&] { m_store->updateLicense(licenseRecord(u"gamma"_s)); }));
}

void TestStoreContract::leaseRowsRoundTrip()
{
    m_store->withLicense(u"alpha"_s, [&] {
        m_store->insertLease(leaseRow(u"alpha"_s, u"s1"_s, 100, u"alice"_s, u"req-1"_s));
        m_store->insertLease(leaseRow(u"alpha"_s, u"s2"_s, 200));
    });
    const auto row = m_store->lease(u"alpha"_s, u"s1"_s);
    QVERIFY(row);
    QCOMPARE(row->lease.holder, u"alice"_s);
    QCOMPARE(row->lease.expiresAt, at(100));
    QCOMPARE(row->lease.signature, QByteArray(64, 's'));
    QCOMPARE(row->requestId, u"req-1"_s);
    QCOMPARE(m_store->leases(u"alpha"_s).size(), 2);
    QVERIFY(m_store->leases(u"beta"_s).isEmpty());

    SeatLease renewed = row->lease;
    renewed.expiresAt = at(160);
    m_store->withLicense(u"alpha"_s, [&] { m_store->renewLease(renewed); });
    QCOMPARE(m_store->lease(u"alpha"_s, u"s1"_s)->lease.expiresAt, at(160));

    bool deleted = false;
    m_store->withLicense(u"alpha"_s, [&] { deleted = m_store->deleteLease(u"alpha"_s, u"s1"_s); });
    QVERIFY(deleted);
    m_store->withLicense(u"alpha"_s, [&] { deleted = m_store->deleteLease(u"alpha"_s, u"s1"_s); });
    QVERIFY(!deleted);
    QVERIFY(!m_store->lease(u"alpha"_s, u"s1"_s));
}

// Issue 24: SQLite read a holder with U+FFFE back as U+FFFD, so the holder signed was not the
// holder stored, a retry with the same requestId took a second seat and `keyright status` showed
// the seat's signature as invalid. Every Unicode scalar value goes through the store in a holder;
// whatever does not come back exactly must be refused by the API (core's findTextFault), which
// checks every text before it reaches a store.
void TestStoreContract::everyCharacterComesBackOrIsRefused()
{
    // All of them but NUL (PostgreSQL cannot keep it at all; the API refuses it as a control
    // character), 500 to a holder: within the index's row size on PostgreSQL.
    QList<QString> holders;
    QString current;
    for (char32_t c = 1; c <= 0x10ffff; ++c) {
        if (QChar::isSurrogate(c))
            continue;
        current += QStringView(QChar::fromUcs4(c));
        if (current.size() >= 500) {
            holders.append(std::exchange(current, {}));
        }
    }
    holders.append(current);
    m_store->withLicense(u"alpha"_s, [&] {
        for (qsizetype i = 0; i < holders.size(); ++i)
            m_store->insertLease(leaseRow(u"alpha"_s, u"sweep-%1"_s.arg(i), 100, holders.at(i)));
    });
    const auto store = reopen(); // SQLite: read from the file, not the cache
    QVERIFY(store);
    const QList<StoredLease> rows = store->leases(u"alpha"_s);
    QCOMPARE(rows.size(), holders.size());
    QList<char32_t> changed;
    qsizetype scalars = 0;
    for (const StoredLease &row : rows) {
        const QString &written = holders.at(row.lease.seatId.mid(6).toLongLong());
        const QList<uint> sent = written.toUcs4();
        const QList<uint> read = row.lease.holder.toUcs4();
        scalars += sent.size();
        QCOMPARE(read.size(), sent.size());
        for (qsizetype i = 0; i < sent.size(); ++i) {
            if (read.at(i) != sent.at(i))
                changed.append(char32_t(sent.at(i)));
        }
    }
    QCOMPARE(scalars, qsizetype(0x110000 - 0x800 - 1));
    QStringList names;
    for (const char32_t c : std::as_const(changed)) {
        names.append(codePointName(c));
        const char32_t one[] = {c};
        QVERIFY2(findTextFault(QString::fromUcs4(one, 1)),
                 qPrintable(u"%1 does not come back from the store as it went in, and the API accepts it"_s.arg(
                     codePointName(c))));
    }
    qInfo("%d code points changed by the store: %s", int(changed.size()), qPrintable(names.join(u", "_s)));
}

void TestStoreContract::acceptedTextComesBackInEveryColumn_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("ASCII") << u"alice@ws-12"_s;
    QTest::newRow("Latin-1") << u"Zoé Lefèvre@poste-3"_s;
    QTest::newRow("CJK") << u"山田太郎"_s;
    QTest::newRow("right to left") << u"\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627"_s;
    QTest::newRow("combining marks") << u"e\u0301\u0327"_s;
    QTest::newRow("emoji with a zero-width joiner") << u"\U0001F469\u200D\U0001F4BB dev"_s;
    QTest::newRow("private use") << u"\ue000\uf8ff\U000F0000\U0010FFFD"_s;
    QTest::newRow("replacement and object replacement") << u"\ufffd\ufffc"_s;
    QTest::newRow("next to the non-characters") << u"\ufdcf\ufdf0\ufffd\U0001FFFD"_s;
}

// What the API accepts comes back exactly from every column that keeps a holder or another text.
void TestStoreContract::acceptedTextComesBackInEveryColumn()
{
    QFETCH(QString, text);
    QVERIFY(!findTextFault(text));
    LicenseRecord named = licenseRecord(u"alpha"_s);
    named.name = text;
    m_store->withLicense(u"alpha"_s, [&] {
        m_store->updateLicense(named);
        m_store->insertLease(leaseRow(u"alpha"_s, u"s1"_s, 100, text, text));
        m_store->putBlock(HolderBlock {text, at(200), text, u"alpha"_s});
        StoredTicket ticket = ticketRow(u"alpha"_s, QString(32, u'c'), 1, 300, 1000, text);
        ticket.holder = text;
        m_store->insertTicket(ticket);
        EventRecord event = eventOf(EventKind::Granted, u"alpha"_s, text, 1);
        event.detail = QJsonObject {{u"holder"_s, text}};
        m_store->appendEvent(event);
    });
    const auto store = reopen(); // SQLite: read from the file, not the cache
    QVERIFY(store);
    QCOMPARE(store->license(u"alpha"_s)->name, text);
    const auto row = store->lease(u"alpha"_s, u"s1"_s);
    QVERIFY(row);
    QCOMPARE(row->lease.holder, text);
    QCOMPARE(row->requestId, text);
    const auto block = store->block(u"alpha"_s, text);
    QVERIFY(block);
    QCOMPARE(block->holder, text);
    QCOMPARE(block->reason, text);
    const auto ticket = store->ticketByRequest(u"alpha"_s, text, text);
    QVERIFY(ticket);
    QCOMPARE(ticket->holder, text);
    EventQuery query;
    query.licenseId = u"alpha"_s;
    query.holder = text;
    const QList<EventRecord> events = store->events(query);
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.first().holder, text);
    QCOMPARE(events.first().detail.value(u"holder"_s).toString(), text);
}

// Found with the test above: Qt drops a byte order mark from the start of every text it decodes,
// so both stores gave "\uFEFFalice" back as "alice". A character can be lost at the start of a
// text only; these are the ones a decoder could treat so, at the start of a holder.
void TestStoreContract::leadingCharactersComeBackOrAreRefused()
{
    const QList<char32_t> leading {0xfeff, 0xfffe, 0xffff, 0xfffd,  0x200b,   0x200d,   0x2060, 0x0301, 0x00a0,
                                   0x0085, 0xe000, 0xfdd0, 0x1f600, 0x10fffd, 0x10ffff, 0xefbb, 0xbbbf};
    QList<QString> holders;
    for (const char32_t c : leading)
        holders.append(QStringView(QChar::fromUcs4(c)).toString() + u"alice"_s);
    m_store->withLicense(u"alpha"_s, [&] {
        for (qsizetype i = 0; i < holders.size(); ++i)
            m_store->insertLease(leaseRow(u"alpha"_s, u"lead-%1"_s.arg(i), 100, holders.at(i)));
    });
    const auto store = reopen();
    QVERIFY(store);
    QStringList lost;
    for (qsizetype i = 0; i < holders.size(); ++i) {
        const auto row = store->lease(u"alpha"_s, u"lead-%1"_s.arg(i));
        QVERIFY(row);
        if (row->lease.holder == holders.at(i))
            continue;
        lost.append(codePointName(leading.at(i)));
        QVERIFY2(
            findTextFault(holders.at(i)),
            qPrintable(u"a holder starting with %1 does not come back from the store, and the API accepts it"_s.arg(
                codePointName(leading.at(i)))));
    }
    qInfo("lost at the start of a holder: %s", qPrintable(lost.join(u", "_s)));
}

void TestStoreContract::renewLeaseIfUnchangedWritesOnlyAnUnchangedRow()
{
    const StoredLease row = leaseRow(u"alpha"_s, u"s1"_s, 100);
    m_store->withLicense(u"alpha"_s, [&] { m_store->insertLease(row); });
    SeatLease first = row.lease;
    first.issuedAt = at(90);
    first.expiresAt = at(150);
    bool written = false;
    m_store->withLicense(u"alpha"_s, [&] { written = m_store->renewLeaseIfUnchanged(row.lease, first, {}); });
    QVERIFY(written);
    // The same plan again: the row moved on since, so nothing is written.
    SeatLease stale = row.lease;
    stale.expiresAt = at(999);
    m_store->withLicense(u"alpha"_s, [&] { written = m_store->renewLeaseIfUnchanged(row.lease, stale, {}); });
    QVERIFY(!written);
    QCOMPARE(m_store->lease(u"alpha"_s, u"s1"_s)->lease.expiresAt, at(150));
    // Each of generation, issuedAt and expiresAt alone tells a changed row.
    for (int field = 0; field < 3; ++field) {
        SeatLease current = first;
        if (field == 0)
            current.generation += 1;
        else if (field == 1)
            current.issuedAt = current.issuedAt.addMSecs(1);
        else
            current.expiresAt = current.expiresAt.addMSecs(1);
        m_store->withLicense(u"alpha"_s, [&] { written = m_store->renewLeaseIfUnchanged(current, stale, {}); });
        QVERIFY2(!written, qPrintable(u"field %1"_s.arg(field)));
    }
    QCOMPARE(m_store->lease(u"alpha"_s, u"s1"_s)->lease.expiresAt, at(150));
    // A row that is gone is not brought back.
    m_store->withLicense(u"alpha"_s, [&] { m_store->deleteLease(u"alpha"_s, u"s1"_s); });
    m_store->withLicense(u"alpha"_s, [&] { written = m_store->renewLeaseIfUnchanged(first, stale, {}); });
    QVERIFY(!written);
    QVERIFY(!m_store->lease(u"alpha"_s, u"s1"_s));
}

void TestStoreContract::lastActivityIsWrittenWithEachRenewal()
{
    // Issue 26: a renewal writes the holder's last activity in the same statement as the lease,
    // one row at a time or a turn's rows at once; unknown is NULL, never a time.
    QList<StoredLease> rows;
    for (const QString &seat : {u"s1"_s, u"s2"_s, u"s3"_s})
        rows.append(leaseRow(u"alpha"_s, seat, 100));
    m_store->withLicense(u"alpha"_s, [&] {
        for (const StoredLease &row : rows)
            m_store->insertLease(row);
    });
    // Read from the database (leases()) and through the row cache (lease()); both must agree.
    const auto listed = [&](const QString &seat) {
        for (const StoredLease &row : m_store->leases(u"alpha"_s)) {
            if (row.lease.seatId == seat)
                return row.lastActivityAt;
        }
        return at(-1);
    };
    const auto activity = [&](const QString &seat) {
        const QDateTime single = m_store->lease(u"alpha"_s, seat)->lastActivityAt;
        return single == listed(seat) ? single : at(-2);
    };
    QCOMPARE(activity(u"s1"_s), QDateTime());

    const auto renewedAt = [](const SeatLease &lease, qint64 issued) {
        SeatLease renewed = lease;
        renewed.issuedAt = at(issued);
        renewed.expiresAt = at(issued + 60);
        return renewed;
    };
    const SeatLease first = renewedAt(rows[0].lease, 90);
    bool written = false;
    m_store->withLicense(u"alpha"_s, [&] { written = m_store->renewLeaseIfUnchanged(rows[0].lease, first, at(85)); });
    QVERIFY(written);
    QCOMPARE(activity(u"s1"_s), at(85));

    // A turn's renewals: one that no longer tells (unknown again), two that do.
    const QList<LeaseRenewal> turn {{first, renewedAt(first, 95), {}},
                                    {rows[1].lease, renewedAt(rows[1].lease, 95), at(70)},
                                    {rows[2].lease, renewedAt(rows[2].lease, 95), at(94)}};
    QList<bool> stored;
    m_store->withStore([&] {
        m_store->lockLicenses({u"alpha"_s});
        stored = m_store->renewLeasesIfUnchanged(turn);
    });
    QCOMPARE(stored, (QList<bool> {true, true, true}));
    QCOMPARE(activity(u"s1"_s), QDateTime());
    QCOMPARE(activity(u"s2"_s), at(70));
    QCOMPARE(activity(u"s3"_s), at(94));

    // A lease renewed without a heartbeat (a ticket's seat handed over) keeps what was told.
    m_store->withLicense(u"alpha"_s, [&] { m_store->renewLease(renewedAt(turn[2].renewed, 96)); });
    QCOMPARE(activity(u"s3"_s), at(94));
}

void TestStoreContract::chunkedExpiryListingComesEarliestFirst()
{
    m_store->withLicense(u"alpha"_s, [&] {
        for (int i = 0; i < 10; ++i)
            m_store->insertLease(leaseRow(u"alpha"_s, u"s%1"_s.arg(i), 100 - i * 10)); // s9 expires first
        m_store->insertLease(leaseRow(u"beta"_s, u"other"_s, 0));
    });
    const auto chunk = m_store->firstLeasesExpiringBy(u"alpha"_s, at(60), 3);
    QCOMPARE(chunk.size(), 3);
    QCOMPARE(chunk.at(0).lease.seatId, u"s9"_s);
    QCOMPARE(chunk.at(1).lease.seatId, u"s8"_s);
    QCOMPARE(chunk.at(2).lease.seatId, u"s7"_s);
    QCOMPARE(m_store->firstLeasesExpiringBy(u"alpha"_s, at(60), 100).size(), 6); // 10..60 inclusive
    QCOMPARE(m_store->leasesExpiringBy(u"alpha"_s, at(60)).size(), 6);
    QCOMPARE(m_store->leasesExpiringBy(u"alpha"_s, at(-1)).size(), 0);
    QCOMPARE(m_store->firstLeasesExpiringBy(u"alpha"_s, at(60), 0).size(), 0);
}

void TestStoreContract::requestIdNamesOneRow()
{
    m_store->withLicense(u"alpha"_s, [&] {
        m_store->insertLease(leaseRow(u"alpha"_s, u"old"_s, 100, u"alice"_s, u"req-1"_s));
        // Another holder may use the same id: it names its own seat.
        m_store->insertLease(leaseRow(u"alpha"_s, u"bobs"_s, 100, u"bob"_s, u"req-1"_s));
    });
    // The seat logic takes a new seat under req-1 once the old one is not live: the old row gives
    // the id up and a retry finds the new seat.
    m_store->withLicense(u"alpha"_s,
                         [&] { m_store->insertLease(leaseRow(u"alpha"_s, u"new"_s, 300, u"alice"_s, u"req-1"_s)); });
    int carrying = 0;
    for (const StoredLease &row : m_store->leases(u"alpha"_s)) {
        if (row.lease.holder == u"alice"_s && row.requestId == u"req-1"_s) {
            ++carrying;
            QCOMPARE(row.lease.seatId, u"new"_s);
        }
    }
    QCOMPARE(carrying, 1);
    QCOMPARE(m_store->lease(u"alpha"_s, u"old"_s)->requestId, QString());
    QCOMPARE(m_store->lease(u"alpha"_s, u"bobs"_s)->requestId, u"req-1"_s);
}

void TestStoreContract::failedStatementThrowsAndKeepsNothing()
{
    // A second row for the same seat: the whole unit goes, the row before it included.
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withLicense(u"alpha"_s, [&] {
        m_store->insertLease(leaseRow(u"alpha"_s, u"s1"_s, 100));
        m_store->insertLease(leaseRow(u"alpha"_s, u"s2"_s, 100));
        m_store->insertLease(leaseRow(u"alpha"_s, u"s2"_s, 100));
    }));
    QVERIFY(m_store->leases(u"alpha"_s).isEmpty());
    // The store goes on working.
    m_store->withLicense(u"alpha"_s, [&] { m_store->insertLease(leaseRow(u"alpha"_s, u"s3"_s, 100)); });
    QCOMPARE(m_store->leases(u"alpha"_s).size(), 1);
}

void TestStoreContract::eventsComeInOrderAndFilter()
{
    qint64 last = 0;
    m_store->withStore([&] {
        for (int i = 0; i < 6; ++i) {
            const qint64 seq
                = m_store->appendEvent(eventOf(i % 2 ? EventKind::Denied : EventKind::Granted,
                                               i < 3 ? u"alpha"_s : u"beta"_s, i % 3 ? u"alice"_s : u"bob"_s, i * 10));
            QVERIFY(seq > last);
            last = seq;
        }
        m_store->appendEvent(eventOf(EventKind::Released, {}, {}, 100));
    });
    const auto all = m_store->events(EventQuery {});
    QCOMPARE(all.size(), 7);
    for (int i = 1; i < all.size(); ++i)
        QVERIFY(all.at(i).seq > all.at(i - 1).seq);
    QCOMPARE(all.first().detail.value(u"n"_s).toInt(), 0);
    QCOMPARE(all.last().licenseId, QString());

    EventQuery query;
    query.licenseId = u"alpha"_s;
    QCOMPARE(m_store->events(query).size(), 3);
    query.holder = u"alice"_s;
    QCOMPARE(m_store->events(query).size(), 2);
    query = EventQuery {};
    query.kinds = {EventKind::Denied};
    QCOMPARE(m_store->events(query).size(), 3);
    query.kinds = {EventKind::Denied, EventKind::Released};
    QCOMPARE(m_store->events(query).size(), 4);
    query = EventQuery {};
    query.since = at(20);
    query.until = at(40);
    QCOMPARE(m_store->events(query).size(), 3);
    query = EventQuery {};
    query.after = all.at(4).seq;
    QCOMPARE(m_store->events(query).size(), 2);
    query.after = 0;
    query.limit = 2;
    const auto page = m_store->events(query);
    QCOMPARE(page.size(), 2);
    QCOMPARE(page.last().seq, all.at(1).seq);

    const auto denied = m_store->countEventsSince({EventKind::Denied}, at(0));
    QCOMPARE(denied.value(u"alpha"_s), 1);
    QCOMPARE(denied.value(u"beta"_s), 2);

    // Every refused checkout, a blocked holder's too, counted in one answer per license; alpha's
    // denial at `since` itself is not after it.
    m_store->withStore([&] {
        m_store->appendEvent(eventOf(EventKind::HolderBlocked, u"alpha"_s, u"mallory"_s, 110));
        m_store->appendEvent(eventOf(EventKind::HolderBlocked, u"gamma"_s, u"mallory"_s, 120));
    });
    const auto refused = m_store->countEventsSince({EventKind::Denied, EventKind::HolderBlocked}, at(10));
    QCOMPARE(refused.value(u"alpha"_s), 1);
    QCOMPARE(refused.value(u"beta"_s), 2);
    QCOMPARE(refused.value(u"gamma"_s), 1);
    QCOMPARE(refused.size(), 3);
}

void TestStoreContract::eventRetentionDeletesInChunks()
{
    m_store->withStore([&] {
        for (int i = 0; i < 10; ++i)
            m_store->appendEvent(eventOf(EventKind::Granted, u"alpha"_s, u"a"_s, i));
    });
    int deleted = 0;
    m_store->withStore([&] { deleted = m_store->deleteFirstEventsBefore(at(7), 4); });
    QCOMPARE(deleted, 4);
    m_store->withStore([&] { deleted = m_store->deleteFirstEventsBefore(at(7), 4); });
    QCOMPARE(deleted, 3); // below the limit: none left
    QCOMPARE(m_store->events(EventQuery {}).size(), 3);
    m_store->withStore([&] { deleted = m_store->deleteEventsBefore(at(100)); });
    QCOMPARE(deleted, 3);
}

void TestStoreContract::countersNeverGoDownAndSaturate()
{
    m_store->withStore([&] {
        m_store->bumpCounter(u"alpha"_s, u"granted"_s, u"r1"_s, 2);
        m_store->bumpCounter(u"alpha"_s, u"granted"_s, u"r1"_s, 3);
        m_store->bumpCounter(u"alpha"_s, u"granted"_s, u"r2"_s, 1);
    });
    auto components = m_store->counterComponents();
    QCOMPARE(components.size(), 2);
    QCOMPARE(components.at(0).replicaId, u"r1"_s);
    QCOMPARE(components.at(0).value, quint64(5));

    m_store->withStore([&] {
        m_store->mergeComponents({StatComponent {u"alpha"_s, u"granted"_s, u"r1"_s, 4}, // lower: ignored
                                  StatComponent {u"alpha"_s, u"granted"_s, u"r2"_s, 9},
                                  StatComponent {u"beta"_s, u"denied"_s, u"peer"_s, 7}});
    });
    components = m_store->counterComponents();
    QCOMPARE(components.size(), 3);
    QCOMPARE(components.at(0).value, quint64(5));
    QCOMPARE(components.at(1).value, quint64(9));
    QCOMPARE(components.at(2).licenseId, u"beta"_s);

    const quint64 top = quint64(std::numeric_limits<qint64>::max());
    m_store->withStore([&] {
        m_store->bumpCounter(u"alpha"_s, u"granted"_s, u"r1"_s, top - 1);
        m_store->bumpCounter(u"alpha"_s, u"granted"_s, u"r1"_s, 1000);
        m_store->bumpCounter(u"alpha"_s, u"granted"_s, u"r3"_s, std::numeric_limits<quint64>::max());
    });
    components = m_store->counterComponents();
    QCOMPARE(components.at(0).value, top);
    QCOMPARE(components.at(2).value, top);
}

void TestStoreContract::tokensRoundTrip()
{
    AccessToken token {u"ops"_s, AccessRole::Operator, QByteArray(32, 'h'), at(0), at(1000), {}};
    m_store->withStore([&] {
        m_store->putToken(token);
        m_store->putToken(AccessToken {u"view"_s, AccessRole::Viewer, QByteArray(32, 'v'), at(0), {}, {}});
    });
    QCOMPARE(m_store->tokens().size(), 2);
    QCOMPARE(m_store->token(u"ops"_s)->role, AccessRole::Operator);
    QCOMPARE(m_store->token(u"ops"_s)->expiresAt, at(1000));
    QVERIFY(!m_store->token(u"view"_s)->expiresAt.isValid());
    QCOMPARE(m_store->tokenByHash(QByteArray(32, 'v'))->name, u"view"_s);
    QVERIFY(!m_store->tokenByHash(QByteArray(32, 'x')));
    m_store->withStore([&] { m_store->touchToken(u"ops"_s, at(50)); });
    QCOMPARE(m_store->token(u"ops"_s)->lastUsedAt, at(50));
    token.role = AccessRole::Admin;
    token.hash = QByteArray(32, 'n');
    m_store->withStore([&] { m_store->putToken(token); });
    QCOMPARE(m_store->token(u"ops"_s)->role, AccessRole::Admin);
    QVERIFY(!m_store->tokenByHash(QByteArray(32, 'h')));
    bool deleted = false;
    m_store->withStore([&] { deleted = m_store->deleteToken(u"ops"_s); });
    QVERIFY(deleted);
    QVERIFY(!m_store->token(u"ops"_s));
    QCOMPARE(m_store->tokens().size(), 1);
}

// instance_silent's record of the instances: one row per replica id, each beat replacing it.
void TestStoreContract::instancesAreUpsertedAndRemoved()
{
    m_store->withStore([&] {
        m_store->beatInstance(StoredInstance {u"r-b"_s, u"http://127.0.0.1:7401"_s, at(0), at(5)});
        m_store->beatInstance(StoredInstance {u"r-a"_s, {}, at(0), at(5)});
    });
    m_store->withStore([&] {
        m_store->beatInstance(StoredInstance {u"r-b"_s, u"http://127.0.0.1:7401"_s, at(0), at(10)});
    });
    QCOMPARE(m_store->instances(),
             (QList<StoredInstance> {StoredInstance {u"r-a"_s, {}, at(0), at(5)},
                                     StoredInstance {u"r-b"_s, u"http://127.0.0.1:7401"_s, at(0), at(10)}}));
    bool removed = false;
    m_store->withStore([&] { removed = m_store->removeInstance(u"r-a"_s); });
    QVERIFY(removed);
    m_store->withStore([&] { removed = m_store->removeInstance(u"r-a"_s); });
    QVERIFY(!removed);
    QCOMPARE(m_store->instances().size(), 1);
    QCOMPARE(m_store->instances().first().replicaId, u"r-b"_s);
}

void TestStoreContract::blocksRoundTrip()
{
    m_store->withLicense(u"alpha"_s, [&] {
        m_store->putBlock(HolderBlock {u"eve"_s, at(100), u"abuse"_s, u"alpha"_s});
        m_store->putBlock(HolderBlock {u"mallory"_s, at(50), {}, u"alpha"_s});
        m_store->putBlock(HolderBlock {u"eve"_s, at(200), u"longer"_s, u"alpha"_s}); // replaces
    });
    const auto eve = m_store->block(u"alpha"_s, u"eve"_s);
    QVERIFY(eve);
    QCOMPARE(eve->until, at(200));
    QCOMPARE(eve->reason, u"longer"_s);
    const auto all = m_store->blocks(u"alpha"_s);
    QCOMPARE(all.size(), 2);
    QCOMPARE(all.first().holder, u"mallory"_s);
    QVERIFY(!m_store->block(u"beta"_s, u"eve"_s));
    int lifted = 0;
    m_store->withStore([&] { lifted = m_store->deleteBlocksEndedBy(at(50)); });
    QCOMPARE(lifted, 1);
    QCOMPARE(m_store->blocks(u"alpha"_s).size(), 1);
}

void TestStoreContract::queueTicketsRoundTripInLineOrder()
{
    m_store->withLicense(u"alpha"_s, [&] {
        m_store->insertTicket(ticketRow(u"alpha"_s, u"third"_s, 30, 100));
        m_store->insertTicket(ticketRow(u"alpha"_s, u"first"_s, 10, 100, 1000, u"r-1"_s));
        m_store->insertTicket(ticketRow(u"alpha"_s, u"second"_s, 20, 100));
    });
    m_store->withLicense(u"beta"_s, [&] { m_store->insertTicket(ticketRow(u"beta"_s, u"other"_s, 5, 100)); });
    const auto line = m_store->ticketsInLine(u"alpha"_s);
    QCOMPARE(line.size(), 3);
    QCOMPARE(line.at(0).ticketId, u"first"_s);
    QCOMPARE(line.at(1).ticketId, u"second"_s);
    QCOMPARE(line.at(2).ticketId, u"third"_s);
    QCOMPARE(line.at(0).requestId, u"r-1"_s);
    QCOMPARE(line.at(0).queuedAt, at(10));
    QCOMPARE(line.at(0).expiresAt, at(100));
    QCOMPARE(line.at(0).giveUpAt, at(1000));
    QVERIFY(!line.at(0).granted());

    const auto byRequest = m_store->ticketByRequest(u"alpha"_s, u"waiter-first"_s, u"r-1"_s);
    QVERIFY(byRequest);
    QCOMPARE(byRequest->ticketId, u"first"_s);
    QVERIFY(!m_store->ticketByRequest(u"alpha"_s, u"waiter-second"_s, u"r-1"_s));
    QVERIFY(!m_store->ticketByRequest(u"alpha"_s, u"waiter-second"_s, QString()));
    // One ticket per (license, holder, requestId): a second is refused and keeps nothing.
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withLicense(u"alpha"_s, [&] {
        auto twin = ticketRow(u"alpha"_s, u"twin"_s, 40, 100, 1000, u"r-1"_s);
        twin.holder = u"waiter-first"_s;
        m_store->insertTicket(twin);
    }));
    QCOMPARE(m_store->ticketsInLine(u"alpha"_s).size(), 3);

    m_store->withLicense(u"alpha"_s, [&] {
        QVERIFY(m_store->renewTicket(u"alpha"_s, u"second"_s, at(300)));
        QVERIFY(m_store->setTicketSeat(u"alpha"_s, u"first"_s, u"seat-1"_s));
        QVERIFY(!m_store->renewTicket(u"alpha"_s, u"missing"_s, at(300)));
        QVERIFY(!m_store->setTicketSeat(u"alpha"_s, u"missing"_s, u"seat-2"_s));
    });
    const auto second = m_store->ticket(u"alpha"_s, u"second"_s);
    QVERIFY(second);
    QCOMPARE(second->expiresAt, at(300));
    QCOMPARE(m_store->ticket(u"alpha"_s, u"first"_s)->seatId, u"seat-1"_s);
    QVERIFY(!m_store->ticket(u"beta"_s, u"first"_s));

    // Counted as waiting: no seat held, neither expired nor given up.
    const auto counts = m_store->waitingTicketCounts(at(150));
    QCOMPARE(counts.value(u"alpha"_s), 1); // second (renewed); first is granted, third expired
    QCOMPARE(counts.value(u"beta"_s), 0);
    QCOMPARE(m_store->waitingTicketCounts(at(50)).value(u"alpha"_s), 2);

    bool deleted = false;
    m_store->withLicense(u"alpha"_s, [&] { deleted = m_store->deleteTicket(u"alpha"_s, u"first"_s); });
    QVERIFY(deleted);
    m_store->withLicense(u"alpha"_s, [&] { deleted = m_store->deleteTicket(u"alpha"_s, u"first"_s); });
    QVERIFY(!deleted);
    QCOMPARE(m_store->ticketsInLine(u"alpha"_s).size(), 2);
    QCOMPARE(m_store->ticketsInLine(u"beta"_s).size(), 1);
}

void TestStoreContract::deadTicketsComeInChunks()
{
    m_store->withLicense(u"alpha"_s, [&] {
        for (int i = 0; i < 7; ++i) // expired at 100 + i
            m_store->insertTicket(ticketRow(u"alpha"_s, u"lapsed-%1"_s.arg(i), 10 + i, 100 + i));
        m_store->insertTicket(ticketRow(u"alpha"_s, u"timed-out"_s, 5, 500, 120));
        m_store->insertTicket(ticketRow(u"alpha"_s, u"alive"_s, 1, 500, 500));
    });
    // At 104: lapsed-0..3 expired (expiresAt < now), timed-out not yet (giveUpAt 120).
    const auto first = m_store->deadTickets(u"alpha"_s, at(104), 3);
    QCOMPARE(first.size(), 3);
    QCOMPARE(first.at(0).ticketId, u"lapsed-0"_s);
    QCOMPARE(first.at(2).ticketId, u"lapsed-2"_s);
    QCOMPARE(m_store->deadTickets(u"alpha"_s, at(104), 100).size(), 4);
    QCOMPARE(m_store->deadTickets(u"alpha"_s, at(100), 100).size(), 0); // expiresAt == now still counts
    const auto all = m_store->deadTickets(u"alpha"_s, at(130), 100);
    QCOMPARE(all.size(), 8);
    QCOMPARE(all.at(0).ticketId, u"timed-out"_s); // in line order
    QVERIFY(m_store->deadTickets(u"beta"_s, at(130), 100).isEmpty());
}

void TestStoreContract::seatRulesRoundTrip()
{
    QVERIFY(m_store->holderGroups().isEmpty());
    QVERIFY(m_store->licenseRules(u"alpha"_s).isEmpty());
    const QList<HolderGroup> groups {{u"render"_s, {u"*@render-*"_s, u"bob@ws-[0-9]"_s}},
                                     {u"qa"_s, {u"qa-*"_s}},
                                     {u"contractors"_s, {u"*@ext-*"_s}}};
    m_store->withStore([&] { m_store->putHolderGroups(groups); });
    QCOMPARE(m_store->holderGroups(), groups); // in the order put, not by name
    QCOMPARE(m_store->holderGroups(LeaseStore::GroupsRead::HeldUntilCommit), groups);

    SeatRules rules;
    rules.allow = {u"render"_s, u"alice@*"_s};
    rules.deny = {u"contractors"_s};
    rules.reserve = {{u"render"_s, 2}, {u"qa"_s, 1}};
    rules.max = {{u"qa"_s, 3}};
    m_store->withLicense(u"alpha"_s, [&] { m_store->putLicenseRules(u"alpha"_s, rules); });
    QCOMPARE(m_store->licenseRules(u"alpha"_s), rules);
    QVERIFY(m_store->licenseRules(u"beta"_s).isEmpty());
    QCOMPARE(m_store->rulesOfAllLicenses().keys(), QList<QString> {u"alpha"_s});

    // Both survive a new store object on the same database.
    auto again = reopen();
    QVERIFY(again);
    QCOMPARE(again->holderGroups(), groups);
    QCOMPARE(again->licenseRules(u"alpha"_s), rules);

    // Replaced whole; empty rules are no row at all.
    const QList<HolderGroup> fewer {{u"qa"_s, {u"qa-?"_s}}};
    again->withStore([&] { again->putHolderGroups(fewer); });
    QCOMPARE(again->holderGroups(), fewer);
    again->withLicense(u"alpha"_s, [&] { again->putLicenseRules(u"alpha"_s, SeatRules {}); });
    QVERIFY(again->licenseRules(u"alpha"_s).isEmpty());
    QVERIFY(again->rulesOfAllLicenses().isEmpty());
}

void TestStoreContract::seatRulesRollBackWithTheirUnit()
{
    const QList<HolderGroup> groups {{u"render"_s, {u"*@render-*"_s}}};
    SeatRules rules;
    rules.reserve = {{u"render"_s, 1}};
    m_store->withStore([&] { m_store->putHolderGroups(groups); });
    m_store->withLicense(u"alpha"_s, [&] { m_store->putLicenseRules(u"alpha"_s, rules); });
    // Read inside the unit that changed them, then thrown away with it: nothing of it stays, not
    // even in a cache.
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withLicense(u"alpha"_s, [&] {
        m_store->putHolderGroups({});
        m_store->putLicenseRules(u"alpha"_s, SeatRules {});
        QVERIFY(m_store->holderGroups().isEmpty());
        QVERIFY(m_store->licenseRules(u"alpha"_s).isEmpty());
        m_store->updateLicense(licenseRecord(u"gamma"_s)); // no such license: throws
    }));
    QCOMPARE(m_store->holderGroups(), groups);
    QCOMPARE(m_store->licenseRules(u"alpha"_s), rules);
    // Rules of a license that does not exist are refused by the database.
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withStore([&] { m_store->putLicenseRules(u"gamma"_s, rules); }));
}

void TestStoreContract::heldGroupsMakeAGroupsChangeElsewhereWait()
{
    if (!isPg())
        QSKIP("SQLite: one connection on one thread, so nothing ever waits");
    // A rules change validated against the groups it read holds them until it commits, so another
    // instance cannot remove a group those rules name in between; a plain read (every checkout's)
    // holds nothing.
    m_store->withStore([&] { m_store->putHolderGroups({{u"render"_s, {u"*@render-*"_s}}}); });
    const QString url = m_pg->url();
    const auto replaceGroups = [url](const QList<HolderGroup> &groups) {
        return std::async(std::launch::async, [url, groups] {
            QString error;
            auto store = openPg(url, &error);
            if (!store)
                return false;
            store->withStore([&] { store->putHolderGroups(groups); });
            return true;
        });
    };
    m_store->withLicense(u"alpha"_s, [&] {
        QCOMPARE(m_store->holderGroups().size(), 1);
        auto unheld = replaceGroups({{u"render"_s, {u"*@render-*"_s}}, {u"qa"_s, {u"qa-*"_s}}});
        QCOMPARE(unheld.wait_for(10s), std::future_status::ready);
        QVERIFY(unheld.get());
    });
    std::future<bool> removal;
    m_store->withLicense(u"alpha"_s, [&] {
        const auto held = m_store->holderGroups(LeaseStore::GroupsRead::HeldUntilCommit);
        QCOMPARE(held.size(), 2);
        removal = replaceGroups({{u"qa"_s, {u"qa-*"_s}}});
        // Bounded: the other store must still be waiting for the held rows after this long.
        QCOMPARE(removal.wait_for(700ms), std::future_status::timeout);
        SeatRules rules;
        rules.reserve = {{u"render"_s, 1}};
        m_store->putLicenseRules(u"alpha"_s, rules);
    });
    QCOMPARE(removal.wait_for(10s), std::future_status::ready);
    QVERIFY(removal.get());
    QCOMPARE(m_store->holderGroups().size(), 1);
}

void TestStoreContract::batchUnitRollbackKeepsTheOthers()
{
    m_store->beginBatch();
    QVERIFY(m_store->inBatch());
    m_store->withLicense(u"alpha"_s, [&] { m_store->insertLease(leaseRow(u"alpha"_s, u"kept"_s, 100)); });
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withLicense(u"alpha"_s, [&] {
        m_store->insertLease(leaseRow(u"alpha"_s, u"undone"_s, 100));
        m_store->insertLease(leaseRow(u"alpha"_s, u"kept"_s, 100)); // duplicate: the unit fails
    }));
    m_store->withLicense(u"beta"_s, [&] { m_store->insertLease(leaseRow(u"beta"_s, u"also"_s, 100)); });
    m_store->commitBatch();
    QVERIFY(!m_store->inBatch());
    QVERIFY(m_store->lease(u"alpha"_s, u"kept"_s));
    QVERIFY(!m_store->lease(u"alpha"_s, u"undone"_s));
    QVERIFY(m_store->lease(u"beta"_s, u"also"_s));
    // What was committed is in the database, not only in this object.
    const auto fresh = reopen();
    QVERIFY(fresh);
    QCOMPARE(fresh->leases(u"alpha"_s).size(), 1);
    QCOMPARE(fresh->leases(u"beta"_s).size(), 1);
}

void TestStoreContract::batchRollbackKeepsNone()
{
    m_store->beginBatch();
    m_store->withLicense(u"alpha"_s, [&] { m_store->insertLease(leaseRow(u"alpha"_s, u"a"_s, 100)); });
    m_store->withStore([&] { m_store->appendEvent(eventOf(EventKind::Granted, u"alpha"_s, u"x"_s, 1)); });
    m_store->rollbackBatch();
    QVERIFY(!m_store->inBatch());
    QVERIFY(m_store->leases(u"alpha"_s).isEmpty());
    QVERIFY(m_store->events(EventQuery {}).isEmpty());
}

void TestStoreContract::batchCommitFailureKeepsNone()
{
    if (!isPg())
        QSKIP("a failing SQLite commit is provoked in tst_groupcommit (failedCommitAnswersEveryChangeWith500)");
    m_store->beginBatch();
    m_store->withLicense(u"alpha"_s, [&] { m_store->insertLease(leaseRow(u"alpha"_s, u"a"_s, 100)); });
    m_store->withLicense(u"beta"_s, [&] { m_store->insertLease(leaseRow(u"beta"_s, u"b"_s, 100)); });
    // The connection is cut before COMMIT: its outcome is "not committed", and it says so.
    QVERIFY(m_pg->terminateOtherSessions() >= 1);
    try {
        m_store->commitBatch();
        QFAIL("the commit on a cut connection succeeded");
    } catch (const StoreError &failure) {
        QVERIFY(failure.isUnavailable());
        QVERIFY2(QString::fromUtf8(failure.what()).contains(u"PostgreSQL at 127.0.0.1"_s), failure.what());
    }
    QVERIFY(!m_store->inBatch());
    const auto fresh = reopen();
    QVERIFY(fresh);
    QVERIFY(fresh->leases(u"alpha"_s).isEmpty());
    QVERIFY(fresh->leases(u"beta"_s).isEmpty());
}

void TestStoreContract::migrationIsIdempotent()
{
    m_store->withLicense(u"alpha"_s, [&] { m_store->insertLease(leaseRow(u"alpha"_s, u"s1"_s, 100)); });
    QVERIFY(m_store->createdSchema());
    const int version = m_store->schemaVersion();
    m_store->close();
    for (int i = 0; i < 2; ++i) {
        auto again = reopen();
        QVERIFY(again);
        QVERIFY(!again->createdSchema());
        QCOMPARE(again->schemaVersion(), version);
        QCOMPARE(again->licenses().size(), 2);
        QCOMPARE(again->leases(u"alpha"_s).size(), 1);
    }
}

void TestStoreContract::aDatabaseFromBeforeActivityReadsItAsUnknown()
{
    // A database a server from before issue 26 wrote: the leases it holds migrate with their
    // activity unknown (never idle), and take what the next heartbeat tells.
    m_store->withLicense(u"alpha"_s, [&] { m_store->insertLease(leaseRow(u"alpha"_s, u"s1"_s, 100)); });
    // Issue 27's usage history: a seat borrowed, and an hour closed, before borrowed seats were
    // recorded in it.
    m_store->withLicense(u"alpha"_s, [&] {
        EventRecord borrowed = eventOf(EventKind::SeatBorrowed, u"alpha"_s, u"bob@laptop"_s, 10);
        borrowed.seatId = u"b1"_s;
        m_store->appendEvent(borrowed);
        EventRecord granted = eventOf(EventKind::Granted, u"alpha"_s, u"ann@ws-1"_s, 20);
        granted.seatId = u"g1"_s;
        m_store->appendEvent(granted);
    });
    usage::Bucket closed;
    closed.startMs = at(0).toMSecsSinceEpoch();
    closed.lengthMs = 3'600'000;
    closed.peak = 2;
    closed.usedSeatMs = 1000;
    closed.borrowedSeatMs = 500;
    closed.borrowedPeak = 1;
    m_store->withStore([&] {
        m_store->putUsageBuckets(usage::Resolution::Hour, {{u"alpha"_s, closed}}, at(3600).toMSecsSinceEpoch());
    });
    const int version = m_store->schemaVersion();
    m_store->close();
    {
        const QString name = u"before-activity"_s;
        QSqlDatabase db = isPg() ? m_pg->connection() : QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        if (!isPg()) {
            m_store.reset();
            db.setDatabaseName(m_dir->filePath(u"keyright.sqlite"_s));
            QVERIFY(db.open());
        }
        QSqlQuery query(db);
        // Eleven steps back: the instances' signs of life (issue 29), the borrowed seats of the
        // usage history (issue 27),
        QVERIFY2(query.exec(u"DROP TABLE server_instances"_s), qPrintable(query.lastError().text()));
        for (const QString &column : {u"borrowed_seat_ms"_s, u"borrowed_peak"_s, u"borrowed_at_peak"_s})
            QVERIFY2(query.exec(u"ALTER TABLE usage_buckets DROP COLUMN %1"_s.arg(column)),
                     qPrintable(query.lastError().text()));
        QVERIFY2(query.exec(u"ALTER TABLE usage_spans DROP COLUMN borrowed"_s), qPrintable(query.lastError().text()));
        // the return secrets' hashes and the write-offs (issue 27), the alerts' acknowledgements
        // (issue 29; their columns go with the alert tables), borrowing (issue 27), the alert
        // endpoints and outbox, the alert tables and the license dates (issue 29), the reclaim
        // marks, the activity column.
        for (const QString &column :
             {u"return_secret_hash"_s, u"written_off_ms"_s, u"written_off_by"_s, u"write_off_note"_s})
            QVERIFY2(query.exec(u"ALTER TABLE leases DROP COLUMN %1"_s.arg(column)),
                     qPrintable(query.lastError().text()));
        QVERIFY2(query.exec(u"ALTER TABLE licenses DROP COLUMN borrow_policy"_s), qPrintable(query.lastError().text()));
        QVERIFY2(query.exec(u"ALTER TABLE leases DROP COLUMN borrowed"_s), qPrintable(query.lastError().text()));
        for (const QString &table :
             {u"alert_endpoints"_s, u"alert_outbox"_s, u"alert_rules"_s, u"alert_tracks"_s, u"alert_evaluation"_s})
            QVERIFY2(query.exec(u"DROP TABLE %1"_s.arg(table)), qPrintable(query.lastError().text()));
        for (const QString &column : {u"valid_from_ms"_s, u"valid_until_ms"_s, u"maintenance_until_ms"_s})
            QVERIFY2(query.exec(u"ALTER TABLE licenses DROP COLUMN %1"_s.arg(column)),
                     qPrintable(query.lastError().text()));
        for (const QString &column : {u"reclaim_at_ms"_s, u"reclaim_marked_ms"_s, u"last_activity_ms"_s})
            QVERIFY2(query.exec(u"ALTER TABLE leases DROP COLUMN %1"_s.arg(column)),
                     qPrintable(query.lastError().text()));
        QVERIFY(query.exec(u"UPDATE schema_version SET version = %1"_s.arg(version - 11)));
        query.finish();
        if (!isPg()) {
            db.close();
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(name);
        }
    }
    auto again = reopen();
    QVERIFY(again);
    QCOMPARE(again->schemaVersion(), version);
    const auto row = again->lease(u"alpha"_s, u"s1"_s);
    QVERIFY(row);
    QCOMPARE(row->lastActivityAt, QDateTime());
    QVERIFY(!row->reclaimMarked()); // and never marked for idle reclaim
    QCOMPARE(again->license(u"alpha"_s)->validity, LicenseValidity {}); // licenses migrate without dates
    // ... and keep the dates written after the migration.
    LicenseRecord dated = *again->license(u"alpha"_s);
    dated.validity.validUntil = at(500);
    dated.validity.maintenanceUntil = at(400);
    again->withLicense(u"alpha"_s, [&] { again->updateLicense(dated); });
    QCOMPARE(again->license(u"alpha"_s)->validity, dated.validity);
    SeatLease renewed = row->lease;
    renewed.issuedAt = at(90);
    renewed.expiresAt = at(150);
    bool written = false;
    again->withLicense(u"alpha"_s, [&] { written = again->renewLeaseIfUnchanged(row->lease, renewed, at(88)); });
    QVERIFY(written);
    QCOMPARE(again->leases(u"alpha"_s).first().lastActivityAt, at(88));

    // The hour closed before says its borrowed seats are not recorded (not "none"); the seat
    // borrowed before is known borrowed from its event, the one granted is not; an hour closed
    // after keeps its borrowed seats.
    QList<usage::Bucket> hours;
    again->withStore([&] {
        hours = again->usageBuckets(u"alpha"_s, usage::Resolution::Hour, at(0).toMSecsSinceEpoch(),
                                    at(7200).toMSecsSinceEpoch());
    });
    QCOMPARE(hours.size(), 1);
    QVERIFY(!hours.first().borrowRecorded);
    QCOMPARE(hours.first().peak, 2);
    usage::LicenseActivity activity;
    again->withStore([&] {
        activity = again->usageActivityOf(u"alpha"_s, at(0).toMSecsSinceEpoch(), at(100).toMSecsSinceEpoch(),
                                          at(100).toMSecsSinceEpoch(), 0);
    });
    QMap<QString, bool> borrowedSeats;
    for (const usage::SeatSpan &span : activity.seats)
        borrowedSeats.insert(span.seatId, span.borrowed);
    QCOMPARE(borrowedSeats, (QMap<QString, bool> {{u"b1"_s, true}, {u"g1"_s, false}}));
    usage::Bucket later = closed;
    later.startMs = at(3600).toMSecsSinceEpoch();
    again->withStore([&] {
        again->putUsageBuckets(usage::Resolution::Hour, {{u"alpha"_s, later}}, at(7200).toMSecsSinceEpoch());
        hours = again->usageBuckets(u"alpha"_s, usage::Resolution::Hour, at(0).toMSecsSinceEpoch(),
                                    at(7200).toMSecsSinceEpoch());
    });
    QCOMPARE(hours.size(), 2);
    QCOMPARE(hours.last(), later);
}

void TestStoreContract::reclaimMarksSurviveRenewalsUntilLifted()
{
    // Issue 26: the mark idle reclaim leaves on a seat, read back by every read of the row (the
    // seat logic and the heartbeat plan both see it), kept by renewals, lifted on request.
    m_store->withLicense(u"alpha"_s, [&] {
        m_store->insertLease(leaseRow(u"alpha"_s, u"s1"_s, 100));
        m_store->insertLease(leaseRow(u"alpha"_s, u"s2"_s, 100));
    });
    bool marked = false;
    m_store->withLicense(u"alpha"_s, [&] { marked = m_store->markLease(u"alpha"_s, u"s1"_s, at(70), at(130)); });
    QVERIFY(marked);
    m_store->withLicense(u"alpha"_s, [&] { marked = m_store->markLease(u"alpha"_s, u"nope"_s, at(70), at(130)); });
    QVERIFY(!marked);
    auto row = m_store->lease(u"alpha"_s, u"s1"_s);
    QVERIFY(row && row->reclaimMarked());
    QCOMPARE(row->reclaimMarkedAt, at(70));
    QCOMPARE(row->reclaimAt, at(130));
    QVERIFY(!m_store->lease(u"alpha"_s, u"s2"_s)->reclaimMarked());
    SeatLease renewed = row->lease;
    renewed.issuedAt = at(90);
    renewed.expiresAt = at(150);
    bool written = false;
    m_store->withLicense(u"alpha"_s, [&] { written = m_store->renewLeaseIfUnchanged(row->lease, renewed, at(20)); });
    QVERIFY(written);
    const QList<std::optional<StoredLease>> planned = m_store->leasesOf({{u"alpha"_s, u"s1"_s}});
    QVERIFY(planned.first() && planned.first()->reclaimAt == at(130));
    m_store->close();
    auto again = reopen();
    QVERIFY(again);
    row = again->lease(u"alpha"_s, u"s1"_s);
    QCOMPARE(row->reclaimAt, at(130));
    QCOMPARE(row->lastActivityAt, at(20));
    again->withLicense(u"alpha"_s, [&] { marked = again->markLease(u"alpha"_s, u"s1"_s, {}, {}); });
    QVERIFY(marked);
    QVERIFY(!again->lease(u"alpha"_s, u"s1"_s)->reclaimMarked());
    QVERIFY(!again->leases(u"alpha"_s).first().reclaimMarked());
}

void TestStoreContract::writeOffsAreKeptOnTheRow()
{
    // Issue 27: a borrowed row written off keeps when, who and why, read back by every read of the
    // row and after a reopen; a row that is not there is not written.
    StoredLease borrowed = leaseRow(u"alpha"_s, u"s1"_s, 100);
    borrowed.lease.borrowed = true;
    m_store->withLicense(u"alpha"_s, [&] {
        m_store->insertLease(borrowed);
        m_store->insertLease(leaseRow(u"alpha"_s, u"s2"_s, 100));
    });
    QVERIFY(!m_store->lease(u"alpha"_s, u"s1"_s)->writeOff.isSet());
    const BorrowWriteOff writeOff {at(40), u"root (admin)"_s, u"lost on a train"_s};
    bool written = false;
    m_store->withLicense(u"alpha"_s, [&] { written = m_store->writeOffLease(u"alpha"_s, u"s1"_s, writeOff); });
    QVERIFY(written);
    m_store->withLicense(u"alpha"_s, [&] { written = m_store->writeOffLease(u"alpha"_s, u"nope"_s, writeOff); });
    QVERIFY(!written);
    QCOMPARE(m_store->lease(u"alpha"_s, u"s1"_s)->writeOff, writeOff);
    QVERIFY(!m_store->lease(u"alpha"_s, u"s2"_s)->writeOff.isSet());
    QCOMPARE(m_store->leasesOf({{u"alpha"_s, u"s1"_s}}).first()->writeOff, writeOff);
    m_store->close();
    auto again = reopen();
    QVERIFY(again);
    const auto row = again->lease(u"alpha"_s, u"s1"_s);
    QVERIFY(row && row->lease.borrowed);
    QCOMPARE(row->writeOff, writeOff);
    for (const StoredLease &each : again->leases(u"alpha"_s))
        QCOMPARE(each.writeOff.isSet(), each.lease.seatId == u"s1"_s);
}

void TestStoreContract::returnSecretHashesAreKeptOnTheRow()
{
    // Issue 27 (walk 51b N7): a borrowed row keeps the hash of its return secret, read back by every
    // read of the row and after a reopen; a row without one (an ordinary seat, or one borrowed before
    // the hashes were kept) reads back empty.
    StoredLease borrowed = leaseRow(u"alpha"_s, u"s1"_s, 100);
    borrowed.lease.borrowed = true;
    borrowed.returnSecretHash = QByteArray::fromHex("00ff0a20") + QByteArray(28, '\x7f');
    StoredLease older = leaseRow(u"alpha"_s, u"s2"_s, 100);
    older.lease.borrowed = true;
    m_store->withLicense(u"alpha"_s, [&] {
        m_store->insertLease(borrowed);
        m_store->insertLease(older);
    });
    QCOMPARE(m_store->lease(u"alpha"_s, u"s1"_s)->returnSecretHash, borrowed.returnSecretHash);
    QCOMPARE(m_store->leasesOf({{u"alpha"_s, u"s1"_s}}).first()->returnSecretHash, borrowed.returnSecretHash);
    QVERIFY(m_store->lease(u"alpha"_s, u"s2"_s)->returnSecretHash.isEmpty());
    m_store->close();
    auto again = reopen();
    QVERIFY(again);
    for (const StoredLease &each : again->leases(u"alpha"_s))
        QCOMPARE(each.returnSecretHash, each.lease.seatId == u"s1"_s ? borrowed.returnSecretHash : QByteArray());
}

void TestStoreContract::twoStoresMigrateOneDatabaseAtOnce()
{
    if (!isPg())
        QSKIP("one SQLite file has one server (locking_mode=EXCLUSIVE)");
    // A database of its own, empty, so that both really migrate.
    PgTestDatabase empty;
    QVERIFY(empty.isAvailable());
    const QString url = empty.url();
    std::atomic<int> opened {0};
    std::atomic<int> created {0};
    const auto start = [&] {
        QString error;
        auto store = openPg(url, &error);
        if (!store) {
            qWarning("%s", qPrintable(error));
            return;
        }
        ++opened;
        if (store->createdSchema())
            ++created;
    };
    std::thread one(start);
    std::thread two(start);
    one.join();
    two.join();
    QCOMPARE(opened.load(), 2);
    QCOMPARE(created.load(), 1); // the other waited for the lock and found the schema made
    QSqlQuery query(empty.connection());
    QVERIFY(query.exec(u"SELECT version FROM schema_version"_s));
    QVERIFY(query.next());
    QCOMPARE(query.value(0).toInt(), m_store->schemaVersion());
    QVERIFY(!query.next());
}

void TestStoreContract::otherLicensesNeverWaitButTheSameOneDoes()
{
    if (!isPg())
        QSKIP("SQLite: one connection on one thread, so nothing ever waits");
    const QString url = m_pg->url();
    // Another server's store, on a thread of its own, asked for one license.
    const auto other = [url](const QString &licenseId) {
        return std::async(std::launch::async, [url, licenseId] {
            QString error;
            auto store = openPg(url, &error);
            if (!store)
                return false;
            store->withLicense(licenseId,
                               [&] { store->insertLease(leaseRow(licenseId, u"from-other-"_s + licenseId, 100)); });
            return true;
        });
    };
    std::future<bool> sameLicense;
    m_store->withLicense(u"alpha"_s, [&] {
        auto unrelated = other(u"beta"_s);
        QCOMPARE(unrelated.wait_for(10s), std::future_status::ready);
        QVERIFY(unrelated.get());
        sameLicense = other(u"alpha"_s);
        // Bounded: the other store must still be waiting for alpha's row after this long.
        QCOMPARE(sameLicense.wait_for(700ms), std::future_status::timeout);
        m_store->insertLease(leaseRow(u"alpha"_s, u"mine"_s, 100));
    });
    QCOMPARE(sameLicense.wait_for(10s), std::future_status::ready);
    QVERIFY(sameLicense.get());
    QCOMPARE(m_store->leases(u"alpha"_s).size(), 2);
    QCOMPARE(m_store->leases(u"beta"_s).size(), 1);
}

void TestStoreContract::skipLockedChunksAreDisjoint()
{
    if (!isPg())
        QSKIP("SQLite: one connection on one thread, so no chunk is ever held by another");
    m_store->withStore([&] {
        for (int i = 0; i < 10; ++i)
            m_store->insertLease(leaseRow(u"alpha"_s, u"s%1"_s.arg(i), i));
    });
    const QString url = m_pg->url();
    QStringList mine;
    QStringList theirs;
    m_store->withStore([&] {
        for (const StoredLease &row : m_store->firstLeasesExpiringBy(u"alpha"_s, at(100), 4))
            mine.append(row.lease.seatId);
        auto other = std::async(std::launch::async, [url] {
            QStringList seats;
            QString error;
            auto store = openPg(url, &error);
            if (!store)
                return seats;
            store->withStore([&] {
                for (const StoredLease &row : store->firstLeasesExpiringBy(u"alpha"_s, at(100), 4))
                    seats.append(row.lease.seatId);
            });
            return seats;
        });
        QCOMPARE(other.wait_for(10s), std::future_status::ready); // skipped, never waited for
        theirs = other.get();
    });
    QCOMPARE(mine, (QStringList {u"s0"_s, u"s1"_s, u"s2"_s, u"s3"_s}));
    QCOMPARE(theirs, (QStringList {u"s4"_s, u"s5"_s, u"s6"_s, u"s7"_s}));
}

void TestStoreContract::deadlockedUnitIsRetried()
{
    if (!isPg())
        QSKIP("SQLite: one connection on one thread, so no transaction ever waits for another");
    const QString url = m_pg->url();
    std::atomic<bool> otherHoldsBeta {false};
    std::future<bool> other;
    // This store takes alpha then beta, the other beta then alpha: PostgreSQL finds the deadlock
    // and aborts one of the two; that unit runs again once the other committed, so both succeed.
    m_store->withLicense(u"alpha"_s, [&] {
        m_store->insertLease(leaseRow(u"alpha"_s, u"main-a"_s, 100));
        if (!other.valid()) {
            other = std::async(std::launch::async, [url, &otherHoldsBeta] {
                QString error;
                auto store = openPg(url, &error);
                if (!store)
                    return false;
                try {
                    store->withLicense(u"beta"_s, [&] {
                        store->insertLease(leaseRow(u"beta"_s, u"other-b"_s, 100));
                        otherHoldsBeta = true;
                        store->withLicense(u"alpha"_s,
                                           [&] { store->insertLease(leaseRow(u"alpha"_s, u"other-a"_s, 100)); });
                    });
                } catch (const StoreError &failure) {
                    qWarning("other store: %s", failure.what());
                    return false;
                }
                return true;
            });
        }
        QTRY_VERIFY_WITH_TIMEOUT(otherHoldsBeta.load(), 10000);
        m_store->withLicense(u"beta"_s, [&] { m_store->insertLease(leaseRow(u"beta"_s, u"main-b"_s, 100)); });
    });
    QCOMPARE(other.wait_for(20s), std::future_status::ready);
    QVERIFY(other.get());
    QCOMPARE(m_store->leases(u"alpha"_s).size(), 2);
    QCOMPARE(m_store->leases(u"beta"_s).size(), 2);
}

void TestStoreContract::lostConnectionNamesTheDatabaseAndRecovers()
{
    if (!isPg())
        QSKIP("an SQLite file has no connection to lose");
    QVERIFY(m_pg->terminateOtherSessions() >= 1);
    try {
        m_store->withLicense(u"alpha"_s, [&] { m_store->insertLease(leaseRow(u"alpha"_s, u"lost"_s, 100)); });
        QFAIL("a unit on a cut connection succeeded");
    } catch (const StoreError &failure) {
        QVERIFY(failure.isUnavailable());
        // Cut before anything of the unit was sent: known to have kept nothing.
        QVERIFY(!failure.outcomeUnknown());
        const QString message = QString::fromUtf8(failure.what());
        QVERIFY2(message.contains(u"PostgreSQL at 127.0.0.1:"_s) && message.contains(m_pg->name()), failure.what());
    }
    // The next unit reconnects by itself.
    m_store->withLicense(u"alpha"_s, [&] { m_store->insertLease(leaseRow(u"alpha"_s, u"after"_s, 100)); });
    QCOMPARE(m_store->leases(u"alpha"_s).size(), 1);
    QVERIFY(m_store->lease(u"alpha"_s, u"after"_s));
    // A read outside any unit (a request's authentication) meets the cut first, and the next
    // read reconnects as well.
    QVERIFY(m_pg->terminateOtherSessions() >= 1);
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->license(u"alpha"_s));
    QVERIFY(m_store->license(u"alpha"_s));
}

// Issue 24: the 503 said both "not carried out" and "may or may not have been kept". A connection
// lost while the COMMIT is in flight is the one case whose outcome the server cannot know.
void TestStoreContract::connectionLostDuringCommitLeavesTheOutcomeUnknown()
{
    if (!isPg())
        QSKIP("an SQLite file has no connection to lose");
    m_store->beginBatch();
    m_store->withLicense(u"alpha"_s, [&] { m_store->insertLease(leaseRow(u"alpha"_s, u"inflight"_s, 100)); });
    QVERIFY(m_pg->terminateOtherSessions() >= 1);
    try {
        m_store->commitBatch();
        QFAIL("a commit on a cut connection succeeded");
    } catch (const StoreError &failure) {
        QVERIFY(failure.isUnavailable());
        QVERIFY2(failure.outcomeUnknown(), failure.what());
    }
    // The next unit reconnects; one on a connection cut before it began kept nothing, and says so.
    QVERIFY(m_store->leases(u"alpha"_s).isEmpty());
    QVERIFY(m_pg->terminateOtherSessions() >= 1);
    try {
        m_store->withLicense(u"alpha"_s, [&] { m_store->insertLease(leaseRow(u"alpha"_s, u"cut"_s, 100)); });
        QFAIL("a unit on a cut connection succeeded");
    } catch (const StoreError &failure) {
        QVERIFY(failure.isUnavailable());
        QVERIFY2(!failure.outcomeUnknown(), failure.what());
    }
}

// The storm benchmark: PostgreSQL stopped under a turn of heartbeats answered them 500 "internal"
// (the unit failed for the lost connection, its undo too, and the batch called that a server
// error). A batch that lost its connection is the database being unavailable, and kept nothing.
void TestStoreContract::batchWhoseConnectionIsLostIsUnavailable()
{
    if (!isPg())
        QSKIP("an SQLite file has no connection to lose");
    m_store->beginBatch();
    m_store->withLicense(u"alpha"_s, [&] { m_store->insertLease(leaseRow(u"alpha"_s, u"before"_s, 100)); });
    QVERIFY(m_pg->terminateOtherSessions() >= 1);
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withLicense(u"alpha"_s, [&] {
        m_store->insertLease(leaseRow(u"alpha"_s, u"after"_s, 100));
    }));
    try {
        m_store->commitBatch();
        QFAIL("a batch on a cut connection was committed");
    } catch (const StoreError &failure) {
        QVERIFY2(failure.isUnavailable(), failure.what());
        QVERIFY2(!failure.outcomeUnknown(), failure.what());
    }
    QVERIFY(m_store->leases(u"alpha"_s).isEmpty());
}

void TestStoreContract::aTurnWhoseLocksFailKeepsAndHoldsNothing()
{
    // Issue 30: a turn's license locks are its batch's first work, sent without a savepoint of
    // their own. When they fail (here the connection is cut under them), the batch must be left
    // with no transaction open and nothing held, and the next turn must lock, write and commit as
    // usual on a new connection.
    if (!isPg())
        QSKIP("an SQLite file has no connection to lose");
    QVERIFY(m_store->leases(u"alpha"_s).isEmpty()); // connected
    QVERIFY(m_pg->terminateOtherSessions() >= 1);
    m_store->beginBatch();
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->lockLicenses({u"beta"_s, u"alpha"_s}));
    m_store->rollbackBatch();
    QSqlQuery open(m_pg->connection());
    QVERIFY(open.exec(u"SELECT count(*) FROM pg_stat_activity WHERE state LIKE 'idle in transaction%'"_s)
            && open.next());
    QCOMPARE(open.value(0).toInt(), 0);
    m_store->beginBatch();
    m_store->lockLicenses({u"beta"_s, u"alpha"_s});
    m_store->withStore([&] { m_store->insertLease(leaseRow(u"alpha"_s, u"next"_s, 100)); });
    m_store->commitBatch();
    const auto other = reopen();
    QVERIFY(other);
    QCOMPARE(other->leases(u"alpha"_s).size(), 1);
    // Released at the commit: another connection takes the same locks at once.
    other->withLicense(u"alpha"_s, [&] { other->insertLease(leaseRow(u"alpha"_s, u"other"_s, 100)); });
    QCOMPARE(m_store->leases(u"alpha"_s).size(), 2);
}

void TestStoreContract::unreachableDatabaseIsNamed()
{
    if (!isPg())
        QSKIP("PostgreSQL only");
    // A port nobody listens on: the cluster's own port plus one is as good as any, and refuses.
    const auto info = PgConnectionInfo::parse(m_pg->url(), nullptr);
    QVERIFY(info);
    PgConnectionInfo nowhere = *info;
    nowhere.hosts = {PgHost {u"127.0.0.1"_s, 1}};
    PgLeaseStore store(nowhere, std::nullopt, SystemClock::instance());
    QString error;
    QVERIFY(!store.open(&error));
    QVERIFY2(error.startsWith(u"PostgreSQL at 127.0.0.1:1/%1 is unreachable"_s.arg(m_pg->name())), qPrintable(error));
    QVERIFY_THROWS_EXCEPTION(StoreError, store.withStore([] {}));
}

void TestStoreContract::databaseClockIgnoresTheLocalClock()
{
    if (!isPg())
        QSKIP("with SQLite the server's own clock is the one clock");
    const SkewedClock ahead(SystemClock::instance(), 30s);
    const auto info = PgConnectionInfo::parse(m_pg->url(), nullptr);
    PgLeaseStore store(*info, std::nullopt, ahead);
    QString error;
    QVERIFY2(store.open(&error), qPrintable(error));
    const auto databaseNow = [&] {
        QSqlQuery query(m_pg->connection());
        query.exec(u"SELECT CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS BIGINT)"_s);
        query.next();
        return query.value(0).toLongLong();
    };
    const qint64 before = databaseNow();
    const qint64 outside = store.clock().nowMs();
    qint64 inside = 0;
    store.withStore([&] { inside = store.clock().nowMs(); });
    const qint64 after = databaseNow();
    QVERIFY2(outside >= before - 5 && outside <= after + 5,
             qPrintable(u"%1 %2 %3"_s.arg(before).arg(outside).arg(after)));
    QVERIFY2(inside >= before - 5 && inside <= after + 5, qPrintable(u"%1 %2 %3"_s.arg(before).arg(inside).arg(after)));
    QVERIFY(ahead.nowMs() - outside > 29'000);
}

// Nobody can advance the clock reference while the database is away, and readings run at most
// unmeasuredLimitMs past it; the first decision after a long outage took a "now" behind by the
// outage (the storm benchmark saw seats that had lapsed during it refused as held). The
// reconnection advances the reference before anything is decided.
void TestStoreContract::reconnectionAdvancesTheClockBeforeDeciding()
{
    if (!isPg())
        QSKIP("with SQLite the server's own clock is the one clock");
    ManualClock local;
    const auto info = PgConnectionInfo::parse(m_pg->url(), nullptr);
    PgLeaseStore store(*info, std::nullopt, local);
    QString error;
    QVERIFY2(store.open(&error), qPrintable(error));
    store.clock().tick(); // this machine advanced the reference last
    qint64 before = 0;
    store.withStore([&] { before = store.clock().nowMs(); });

    // An outage of a minute as this machine's monotonic clock measures it (the database's own
    // clock hardly moves meanwhile: that is what makes it unmeasured for the database).
    QVERIFY(m_pg->terminateOtherSessions() >= 1);
    QVERIFY_THROWS_EXCEPTION(StoreError, store.withStore([&] { store.clock().nowMs(); }));
    local.advance(60s);
    qint64 first = 0;
    store.withStore([&] { first = store.clock().nowMs(); });
    QVERIFY2(first - before >= 59'000,
             qPrintable(u"the first decision after the reconnection took a \"now\" %1 ms after the one before the "
                        "outage, for an outage of 60000 ms"_s.arg(first - before)));
    // The database's clock hardly moved while this machine measured a minute: a jump, which the
    // next tick reports once, as if it had seen it itself; the tick after reports nothing.
    QCOMPARE(store.clock().tick().size(), 1);
    QVERIFY(store.clock().tick().isEmpty());
    qint64 after = 0;
    store.withStore([&] { after = store.clock().nowMs(); });
    QVERIFY(after >= first);
}

void TestStoreContract::clockReferenceRoundTrips()
{
    const ClockReference written {1'795'986'000'000, 1'795'986'600'000, 123'456, u"boot:abc"_s};
    m_store->withStore([&] { m_store->putClockReference(written); });
    std::optional<ClockReference> read;
    m_store->withStore([&] { read = m_store->clockReference(); });
    QCOMPARE(read, std::optional<ClockReference>(written));
    // What a restart goes on from.
    const auto again = reopen();
    QVERIFY(again);
    QCOMPARE(again->clockReference(), std::optional<ClockReference>(written));

    // A server whose boot clock is not the kernel's (faked) records no epoch: that record is kept
    // too, or the next start would go on from an older one and "now" would step back.
    const ClockReference unknownEpoch {1'795'986'001'000, 1'795'986'601'000, 124'456, QString()};
    again->withStore([&] { again->putClockReference(unknownEpoch); });
    const std::optional<ClockReference> kept = again->clockReference();
    QVERIFY(kept);
    QCOMPARE(kept->referenceMs, unknownEpoch.referenceMs);
    QVERIFY(kept->monotonicEpoch.isEmpty());
}

namespace {

qint64 databaseNowMs(PgTestDatabase &db)
{
    QSqlQuery query(db.connection());
    query.exec(u"SELECT CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS BIGINT)"_s);
    query.next();
    return query.value(0).toLongLong();
}

qint64 decidedMs(PgTestDatabase &db, const QString &license)
{
    QSqlQuery query(db.connection());
    query.exec(u"SELECT decided_ms FROM licenses WHERE id = '%1'"_s.arg(license));
    query.next();
    return query.value(0).toLongLong();
}

} // namespace

void TestStoreContract::databaseNowIsTheSharedExtrapolation()
{
    if (!isPg())
        QSKIP("with SQLite the server's own guarded clock is the one clock");
    auto &pg = static_cast<PgLeaseStore &>(*m_store);
    // Records relative to the database's clock: (reference, wall) offsets in ms.
    const std::pair<qint64, qint64> records[] = {
        {0, 0}, // caught up
        {-600'000, -500}, // catching up with a clock 10 min ahead
        {300'000, -300}, // held ahead of a clock set back
        {0, 60'000}, // the clock went back since the record
        {-3'600'000, -3'600'000}, // no instance advanced it for an hour
    };
    for (const auto &[reference, wall] : records) {
        const qint64 base = databaseNowMs(*m_pg);
        const ClockReference record {base + reference, base + wall, 0, QString()};
        QVERIFY(m_pg->exec(u"UPDATE clock_reference SET reference_ms = %1, wall_ms = %2"_s.arg(record.referenceMs)
                               .arg(record.wallMs)));
        const qint64 before = databaseNowMs(*m_pg);
        const std::optional<qint64> now = pg.readClock();
        const qint64 after = databaseNowMs(*m_pg);
        QVERIFY(now);
        // What PostgreSQL computed is core's clockreference::extrapolate, at some moment of the call.
        QVERIFY2(*now >= clockreference::extrapolate(record, before)
                     && *now <= clockreference::extrapolate(record, after),
                 qPrintable(u"record (%1, %2): %3 not in %4..%5"_s.arg(reference)
                                .arg(wall)
                                .arg(*now - base)
                                .arg(clockreference::extrapolate(record, before) - base)
                                .arg(clockreference::extrapolate(record, after) - base)));
    }
}

void TestStoreContract::decisionNowNeverGoesBackForALicense()
{
    if (!isPg())
        QSKIP("one SQLite server decides with one clock");
    auto &pg = static_cast<PgLeaseStore &>(*m_store);
    const qint64 base = databaseNowMs(*m_pg);
    // Another instance decided alpha with a later "now" (a step back of the database's clock
    // since): a decision about alpha never takes an earlier one, one about beta is not held back.
    QVERIFY(m_pg->exec(u"UPDATE licenses SET decided_ms = %1 WHERE id = 'alpha'"_s.arg(base + 3'600'000)));
    qint64 alpha = 0;
    qint64 beta = 0;
    m_store->withLicense(u"alpha"_s, [&] { alpha = pg.clock().nowMs(); });
    m_store->withLicense(u"beta"_s, [&] { beta = pg.clock().nowMs(); });
    QCOMPARE(alpha, base + 3'600'000);
    QVERIFY2(beta >= base && beta < base + 10'000, qPrintable(QString::number(beta - base)));
    // Each decision is written back for the next one, on any instance.
    QCOMPARE(decidedMs(*m_pg, u"beta"_s), beta);
    // Outside a decision, "now" is the shared one again, not alpha's.
    QVERIFY(pg.clock().nowMs() < base + 10'000);
    // Licenses locked together decide with one "now", the latest of theirs, written to each.
    qint64 both = 0;
    m_store->withStore([&] {
        m_store->lockLicenses({u"beta"_s, u"alpha"_s});
        both = pg.clock().nowMs();
    });
    QCOMPARE(both, base + 3'600'000);
    QCOMPARE(decidedMs(*m_pg, u"beta"_s), base + 3'600'000);
}

void TestStoreContract::licensesWaitedForAreDecidedWithTheNowAfterTheWait()
{
    if (!isPg())
        QSKIP("one SQLite writer never waits for another");
    auto &pg = static_cast<PgLeaseStore &>(*m_store);
    const QUrl url(m_pg->url());
    // A turn locks alpha while another instance holds it. The "now" it decides with is read once
    // the lock is granted, and is never earlier than the one the other instance decided alpha with
    // before letting it go (here an hour ahead: the database's clock stepped back since).
    for (const bool decidedAhead : {false, true}) {
        // The reference caught up with the database's clock: "now" follows it to the ms (for 2 s).
        const qint64 base = databaseNowMs(*m_pg);
        QVERIFY(m_pg->exec(u"UPDATE clock_reference SET reference_ms = %1, wall_ms = %1"_s.arg(base)));
        std::latch holding(1);
        qint64 releasedAt = 0; // the database's clock right before the other instance committed
        QString failure;
        std::unique_ptr<QThread> other(QThread::create([&] {
            const QString name = u"other-instance"_s;
            {
                QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, name);
                db.setHostName(url.host());
                db.setPort(url.port(5432));
                db.setUserName(url.userName());
                db.setDatabaseName(url.path().mid(1));
                QSqlQuery q(db);
                const auto run = [&](const QString &sql) {
                    if (failure.isEmpty() && !q.exec(sql))
                        failure = sql + u": "_s + q.lastError().text();
                    return failure.isEmpty();
                };
                if (!db.open() || !db.transaction())
                    failure = db.lastError().text();
                run(u"SELECT id FROM licenses WHERE id = 'alpha' FOR UPDATE"_s);
                if (decidedAhead)
                    run(u"UPDATE licenses SET decided_ms = %1 WHERE id = 'alpha'"_s.arg(base + 3'600'000));
                holding.count_down();
                // Until the turn waits for the lock (bounded), and a little longer: a "now" read
                // before the wait would then be visibly earlier than the release.
                const QDeadlineTimer deadline(10s);
                bool waited = false;
                while (failure.isEmpty() && !waited && !deadline.hasExpired()) {
                    if (run(u"SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                            "AND wait_event_type = 'Lock'"_s)
                        && q.next())
                        waited = q.value(0).toInt() > 0;
                    if (!waited)
                        QThread::msleep(5);
                }
                if (!waited && failure.isEmpty())
                    failure = u"the turn never waited for alpha's lock"_s;
                QThread::msleep(50);
                if (run(u"SELECT CAST(floor(extract(epoch FROM clock_timestamp()) * 1000) AS BIGINT)"_s) && q.next())
                    releasedAt = q.value(0).toLongLong();
                q.finish();
                if (db.isOpen() && !db.commit() && failure.isEmpty())
                    failure = db.lastError().text();
            }
            QSqlDatabase::removeDatabase(name);
        }));
        other->start();
        holding.wait();
        m_store->beginBatch();
        m_store->lockLicenses({u"beta"_s, u"alpha"_s});
        const qint64 now = pg.clock().nowMs();
        m_store->commitBatch();
        QVERIFY(other->wait(QDeadlineTimer(30s)));
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        if (decidedAhead) {
            QCOMPARE(now, base + 3'600'000);
        } else {
            QVERIFY2(now >= releasedAt,
                     qPrintable(u"decided %1 ms before the lock was released"_s.arg(releasedAt - now)));
            QVERIFY2(now < releasedAt + 10'000, qPrintable(QString::number(now - releasedAt)));
        }
        // Written back to both, for whichever instance decides them next.
        QCOMPARE(decidedMs(*m_pg, u"alpha"_s), now);
        QCOMPARE(decidedMs(*m_pg, u"beta"_s), now);
    }
}

// A shared-store turn (RequestTurn): licenses locked by the batch, outside any unit, then units
// that read and write them without locking them again. Every unit sees what the units before it
// kept, never what one that was undone wrote.
void TestStoreContract::aBatchHoldingLicensesSeesItsOwnWrites()
{
    m_store->withStore([&] { m_store->insertLease(leaseRow(u"alpha"_s, u"s1"_s, 100)); });
    m_store->beginBatch();
    m_store->lockLicenses({u"beta"_s, u"alpha"_s});
    QStringList seats;
    std::optional<StoredLease> s1;
    QString name;
    const auto read = [&] {
        m_store->withLicense(u"alpha"_s, [&] {
            seats.clear();
            for (const StoredLease &row : m_store->leases(u"alpha"_s))
                seats.append(row.lease.seatId);
            seats.sort();
            s1 = m_store->lease(u"alpha"_s, u"s1"_s);
            name = m_store->license(u"alpha"_s)->name;
        });
    };
    read();
    QCOMPARE(seats, QStringList {u"s1"_s});
    QVERIFY(s1);
    QCOMPARE(name, u"License alpha"_s);

    m_store->withLicense(u"alpha"_s, [&] {
        m_store->insertLease(leaseRow(u"alpha"_s, u"s2"_s, 200));
        m_store->deleteLease(u"alpha"_s, u"s1"_s);
        LicenseRecord renamed = *m_store->license(u"alpha"_s);
        renamed.name = u"Renamed"_s;
        m_store->updateLicense(renamed);
    });
    read();
    QCOMPARE(seats, QStringList {u"s2"_s});
    QVERIFY(!s1);
    QCOMPARE(name, u"Renamed"_s);

    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withLicense(u"alpha"_s, [&] {
        m_store->insertLease(leaseRow(u"alpha"_s, u"s3"_s, 300));
        LicenseRecord renamed = *m_store->license(u"alpha"_s);
        renamed.name = u"Undone"_s;
        m_store->updateLicense(renamed);
        throw StoreError(StoreError::Kind::Failed, u"undone by the test"_s);
    }));
    read();
    QCOMPARE(seats, QStringList {u"s2"_s});
    QCOMPARE(name, u"Renamed"_s);
    m_store->commitBatch();

    QCOMPARE(m_store->leases(u"alpha"_s).size(), 1);
    QCOMPARE(m_store->license(u"alpha"_s)->name, u"Renamed"_s);
}

void TestStoreContract::aBatchHoldingLicensesReadsEveryTableAsWritten()
{
    // Issue 30: on PostgreSQL a turn's lease calls read the license rows, leases, holder blocks,
    // rules and line of the licenses it holds once for all of them (TurnReads). Whatever a unit
    // of the batch then reads must be what the database holds: after the batch's own writes to
    // each table, after a unit undone, and once committed.
    SeatRules first;
    first.allow = {u"ann"_s, u"bob"_s};
    SeatRules second;
    second.deny = {u"bob"_s};
    m_store->withStore([&] {
        m_store->insertLease(leaseRow(u"alpha"_s, u"s1"_s, 100, u"ann"_s));
        m_store->insertLease(leaseRow(u"alpha"_s, u"s2"_s, 100, u"bob"_s));
        m_store->putBlock(HolderBlock {u"eve"_s, at(500), u"abuse"_s, u"alpha"_s});
        m_store->putLicenseRules(u"alpha"_s, first);
        m_store->insertTicket(ticketRow(u"alpha"_s, u"t1"_s, 1, 50, 1000, u"r1"_s));
        m_store->insertTicket(ticketRow(u"alpha"_s, u"t2"_s, 2, 500, 1000));
    });

    struct Seen
    {
        QStringList seats, beta, line, dead;
        bool s1 = false, eve = false, ann = false, t1ByRequest = false;
        QString t2Seat;
        SeatRules rules;
        int blocks = 0;
        int generation = -1;
    };
    const auto read = [&] {
        Seen seen;
        m_store->withLicense(u"alpha"_s, [&] {
            for (const StoredLease &row : m_store->leases(u"alpha"_s))
                seen.seats.append(row.lease.seatId);
            seen.seats.sort();
            for (const StoredLease &row : m_store->leases(u"beta"_s))
                seen.beta.append(row.lease.seatId);
            seen.s1 = m_store->lease(u"alpha"_s, u"s1"_s).has_value();
            seen.eve = m_store->block(u"alpha"_s, u"eve"_s).has_value();
            seen.ann = m_store->block(u"alpha"_s, u"ann"_s).has_value();
            seen.blocks = int(m_store->blocks(u"alpha"_s).size());
            seen.rules = m_store->licenseRules(u"alpha"_s);
            for (const StoredTicket &ticket : m_store->ticketsInLine(u"alpha"_s))
                seen.line.append(ticket.ticketId);
            for (const StoredTicket &ticket : m_store->deadTickets(u"alpha"_s, at(100), 10))
                seen.dead.append(ticket.ticketId);
            seen.t1ByRequest = m_store->ticketByRequest(u"alpha"_s, u"waiter-t1"_s, u"r1"_s).has_value();
            if (const auto t2 = m_store->ticket(u"alpha"_s, u"t2"_s))
                seen.t2Seat = t2->seatId;
            seen.generation = int(m_store->license(u"alpha"_s)->lastGeneration);
        });
        return seen;
    };

    m_store->beginBatch();
    m_store->lockLicenses({u"beta"_s, u"alpha"_s});
    Seen seen = read();
    QCOMPARE(seen.seats, (QStringList {u"s1"_s, u"s2"_s}));
    QVERIFY(seen.beta.isEmpty());
    QVERIFY(seen.s1);
    QVERIFY(seen.eve);
    QVERIFY(!seen.ann);
    QCOMPARE(seen.blocks, 1);
    QCOMPARE(seen.rules, first);
    QCOMPARE(seen.line, (QStringList {u"t1"_s, u"t2"_s}));
    QCOMPARE(seen.dead, QStringList {u"t1"_s}); // expired at 50, read at 100
    QVERIFY(seen.t1ByRequest);
    QCOMPARE(seen.t2Seat, QString());
    QCOMPARE(seen.generation, 0);

    // Every table written by a unit of the batch.
    m_store->withLicense(u"alpha"_s, [&] {
        m_store->deleteLease(u"alpha"_s, u"s1"_s);
        m_store->insertLease(leaseRow(u"beta"_s, u"b1"_s, 100));
        m_store->putBlock(HolderBlock {u"ann"_s, at(600), u"spam"_s, u"alpha"_s});
        m_store->putLicenseRules(u"alpha"_s, second);
        m_store->deleteTicket(u"alpha"_s, u"t1"_s);
        m_store->setTicketSeat(u"alpha"_s, u"t2"_s, u"s9"_s);
        LicenseRecord license = *m_store->license(u"alpha"_s);
        license.lastGeneration = 7;
        m_store->updateLicense(license);
    });
    const auto checkWritten = [&](const Seen &now) {
        QCOMPARE(now.seats, QStringList {u"s2"_s});
        QCOMPARE(now.beta, QStringList {u"b1"_s});
        QVERIFY(!now.s1);
        QVERIFY(now.ann);
        QCOMPARE(now.blocks, 2);
        QCOMPARE(now.rules, second);
        QCOMPARE(now.line, QStringList {u"t2"_s});
        QVERIFY(now.dead.isEmpty());
        QVERIFY(!now.t1ByRequest);
        QCOMPARE(now.t2Seat, u"s9"_s);
        QCOMPARE(now.generation, 7);
    };
    seen = read();
    checkWritten(seen);

    // A unit undone leaves the reads as the database has them again.
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withLicense(u"alpha"_s, [&] {
        m_store->deleteLease(u"alpha"_s, u"s2"_s);
        m_store->putBlock(HolderBlock {u"bob"_s, at(700), {}, u"alpha"_s});
        m_store->putLicenseRules(u"alpha"_s, first);
        m_store->deleteTicket(u"alpha"_s, u"t2"_s);
        LicenseRecord license = *m_store->license(u"alpha"_s);
        license.lastGeneration = 8;
        m_store->updateLicense(license);
        QVERIFY(!m_store->lease(u"alpha"_s, u"s2"_s)); // its own writes, before it is undone
        QCOMPARE(m_store->license(u"alpha"_s)->lastGeneration, quint64(8));
        throw StoreError(StoreError::Kind::Failed, u"undone by the test"_s);
    }));
    seen = read();
    checkWritten(seen);
    m_store->commitBatch();

    // Committed: a store of its own reads the same.
    seen = read();
    checkWritten(seen);
    const auto fresh = reopen();
    QVERIFY(fresh);
    QCOMPARE(fresh->leases(u"alpha"_s).size(), 1);
    QCOMPARE(fresh->licenseRules(u"alpha"_s), second);
    QCOMPARE(fresh->ticketsInLine(u"alpha"_s).size(), 1);
}

void TestStoreContract::spansWrittenTogetherEqualSpansWrittenOneByOne()
{
    // Issue 30: inside a unit the usage spans an event opens or ends are held back and written
    // together at the unit's end (PostgreSQL), or before anything reads them. The history must be
    // what writing each at once gives (SQLite does): a span opened and ended in one unit, a
    // refusal, a second ending of a span (which changes nothing), and nothing of a unit undone.
    const auto granted = [](const QString &seat, qint64 time) {
        EventRecord event = eventOf(EventKind::Granted, u"alpha"_s, u"holder-"_s + seat, time);
        event.seatId = seat;
        event.detail = eventdetail::Granted {1, at(time + 60), 1, 5, {}, {}, 0}.toJson();
        return event;
    };
    const auto released = [](const QString &seat, qint64 time) {
        EventRecord event = eventOf(EventKind::Released, u"alpha"_s, u"holder-"_s + seat, time);
        event.seatId = seat;
        event.detail = eventdetail::Released {at(time + 60)}.toJson();
        return event;
    };
    const auto activity = [&] {
        return m_store->usageActivityOf(u"alpha"_s, at(0).toMSecsSinceEpoch(), at(1000).toMSecsSinceEpoch(),
                                        at(1000).toMSecsSinceEpoch(), 15 * 60'000);
    };
    const auto spanOf = [](const usage::LicenseActivity &history, const QString &seat) {
        for (const usage::SeatSpan &span : history.seats) {
            if (span.seatId == seat)
                return std::optional<usage::SeatSpan>(span);
        }
        return std::optional<usage::SeatSpan>();
    };

    m_store->withStore([&] { m_store->appendEvent(granted(u"s0"_s, 5)); });
    usage::LicenseActivity inside;
    m_store->withLicense(u"alpha"_s, [&] {
        m_store->appendEvent(granted(u"s1"_s, 10));
        m_store->appendEvent(granted(u"s2"_s, 11));
        m_store->appendEvent(released(u"s1"_s, 20));
        m_store->appendEvent(released(u"s1"_s, 30)); // ended already: nothing changes
        m_store->appendEvent(granted(u"s0"_s, 24)); // opened by an earlier unit: nothing changes
        m_store->appendEvent(released(u"s0"_s, 25)); // ... and ended by this one
        m_store->appendEvent(eventOf(EventKind::Denied, u"alpha"_s, u"zoe"_s, 21)); // a span of no length
        inside = activity(); // read inside the unit: what is held back is written first
    });
    const usage::LicenseActivity after = activity();
    QCOMPARE(inside.seats, after.seats);
    QCOMPARE(inside.refusals, after.refusals);

    QCOMPARE(after.seats.size(), 3);
    const auto s0 = spanOf(after, u"s0"_s);
    const auto s1 = spanOf(after, u"s1"_s);
    const auto s2 = spanOf(after, u"s2"_s);
    QVERIFY(s0 && s1 && s2);
    QCOMPARE(s0->startMs, at(5).toMSecsSinceEpoch());
    QCOMPARE(s0->endMs, at(25).toMSecsSinceEpoch());
    QCOMPARE(s1->startMs, at(10).toMSecsSinceEpoch());
    QCOMPARE(s1->endMs, at(20).toMSecsSinceEpoch()); // the first release, not the second
    QCOMPARE(s2->startMs, at(11).toMSecsSinceEpoch());
    QCOMPARE(after.refusals.size(), 1);
    QCOMPARE(after.refusals.first().holder, u"zoe"_s);
    QCOMPARE(after.refusals.first().timeMs, at(21).toMSecsSinceEpoch());

    // A unit undone keeps none of its spans, in or out of a batch.
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withLicense(u"alpha"_s, [&] {
        m_store->appendEvent(granted(u"s3"_s, 40));
        m_store->appendEvent(released(u"s2"_s, 41));
        throw StoreError(StoreError::Kind::Failed, u"undone by the test"_s);
    }));
    m_store->beginBatch();
    m_store->lockLicenses({u"alpha"_s});
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withLicense(u"alpha"_s, [&] {
        m_store->appendEvent(granted(u"s4"_s, 42));
        throw StoreError(StoreError::Kind::Failed, u"undone by the test"_s);
    }));
    m_store->withLicense(u"alpha"_s, [&] { m_store->appendEvent(granted(u"s5"_s, 43)); });
    m_store->commitBatch();
    const usage::LicenseActivity last = activity();
    QVERIFY(!spanOf(last, u"s3"_s));
    QVERIFY(!spanOf(last, u"s4"_s));
    QVERIFY(spanOf(last, u"s5"_s));
    QCOMPARE(spanOf(last, u"s2"_s), s2); // its undone release ended nothing
}

void TestStoreContract::eventsRecordedTogetherComeBackAsRecorded()
{
    // Issue 30: the events a unit records (recordEvent) are held back and written with one
    // statement at its end (PostgreSQL), or before anything reads them. The log must be what
    // writing each at once gives (SQLite does): every field as recorded, whatever its text, seqs
    // ascending in the order recorded, one appended among them after them, their spans opened,
    // and nothing of a unit undone.
    const QString awkward = u"a \"quoted\", {braced} back\\slash, NULL, \u00e9t\u00e9 \u2603"_s;
    const auto granted = [&](const QString &seat, qint64 time) {
        EventRecord event = eventOf(EventKind::Granted, u"alpha"_s, awkward + seat, time);
        event.seatId = seat;
        event.actor = awkward;
        event.detail = eventdetail::Granted {1, at(time + 60), 1, 5, awkward, {}, 0}.toJson();
        return event;
    };
    const auto fields = [](const EventRecord &event) {
        return std::tuple(event.time, event.kind, event.licenseId, event.seatId, event.holder, event.actor,
                          event.detail);
    };
    const auto ofAlpha = [&] {
        EventQuery query;
        query.licenseId = u"alpha"_s;
        return m_store->events(query);
    };

    QList<EventRecord> recorded {granted(u"s1"_s, 10), eventOf(EventKind::Denied, u"alpha"_s, awkward, 11),
                                 granted(u"s2"_s, 12)};
    QList<EventRecord> inside;
    qint64 appended = 0;
    m_store->withLicense(u"alpha"_s, [&] {
        for (const EventRecord &event : std::as_const(recorded))
            m_store->recordEvent(event);
        inside = ofAlpha(); // read inside the unit: what is held back is written first
        m_store->recordEvent(granted(u"s3"_s, 13));
        appended = m_store->appendEvent(eventOf(EventKind::Denied, u"alpha"_s, u"zoe"_s, 14));
    });
    recorded.append(granted(u"s3"_s, 13));
    QCOMPARE(inside.size(), 3);
    const QList<EventRecord> after = ofAlpha();
    QCOMPARE(after.size(), 5);
    for (qsizetype i = 0; i < recorded.size(); ++i) {
        QCOMPARE(fields(after.at(i)), fields(recorded.at(i)));
        if (i > 0)
            QVERIFY(after.at(i).seq > after.at(i - 1).seq);
        if (i < inside.size())
            QCOMPARE(after.at(i).seq, inside.at(i).seq);
    }
    QCOMPARE(after.last().seq, appended); // after those recorded before it
    QVERIFY(appended > after.at(3).seq);

    const usage::LicenseActivity activity = m_store->usageActivityOf(
        u"alpha"_s, at(0).toMSecsSinceEpoch(), at(1000).toMSecsSinceEpoch(), at(1000).toMSecsSinceEpoch(), 15 * 60'000);
    QCOMPARE(activity.seats.size(), 3); // s1, s2, s3 opened
    QCOMPARE(activity.refusals.size(), 2); // each refusal its own span, named by its event's seq
    QCOMPARE(activity.refusals.first().holder, awkward);

    // A unit undone keeps none of its events, in or out of a batch.
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withLicense(u"alpha"_s, [&] {
        m_store->recordEvent(granted(u"s4"_s, 20));
        throw StoreError(StoreError::Kind::Failed, u"undone by the test"_s);
    }));
    m_store->beginBatch();
    m_store->lockLicenses({u"alpha"_s});
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withLicense(u"alpha"_s, [&] {
        m_store->recordEvent(granted(u"s5"_s, 21));
        throw StoreError(StoreError::Kind::Failed, u"undone by the test"_s);
    }));
    m_store->withLicense(u"alpha"_s, [&] { m_store->recordEvent(granted(u"s6"_s, 22)); });
    m_store->commitBatch();
    const QList<EventRecord> last = ofAlpha();
    QCOMPARE(last.size(), 6);
    QCOMPARE(last.last().seatId, u"s6"_s);
}

void TestStoreContract::generationsHeldBackInATurnAreWrittenOnce()
{
    // Issue 30: a checkout in a turn changes only its license's generation; held back (PostgreSQL)
    // and written with the unit's others, it must read back inside the unit, after it, and from
    // another connection exactly as written at once, and not at all from a unit undone.
    const auto generationOf = [](LeaseStore &store, const QString &id) {
        const auto license = store.license(id);
        return license ? license->lastGeneration : quint64(0);
    };
    const auto bump = [&](const QString &id) {
        LicenseRecord license = *m_store->license(id);
        ++license.lastGeneration;
        m_store->updateLicense(license);
    };
    m_store->beginBatch();
    m_store->lockLicenses({u"alpha"_s, u"beta"_s});
    m_store->withStore([&] {
        bump(u"alpha"_s);
        bump(u"alpha"_s);
        bump(u"beta"_s);
        QCOMPARE(generationOf(*m_store, u"alpha"_s), quint64(2));
        // A whole row written after a held-back generation keeps it.
        LicenseRecord renamed = *m_store->license(u"beta"_s);
        renamed.name = u"Renamed in the turn"_s;
        m_store->updateLicense(renamed);
        bump(u"beta"_s);
    });
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withLicense(u"alpha"_s, [&] {
        bump(u"alpha"_s);
        throw StoreError(StoreError::Kind::Failed, u"undone by the test"_s);
    }));
    QCOMPARE(generationOf(*m_store, u"alpha"_s), quint64(2));
    m_store->commitBatch();

    const auto other = reopen();
    QVERIFY(other);
    QCOMPARE(generationOf(*other, u"alpha"_s), quint64(2));
    QCOMPARE(generationOf(*other, u"beta"_s), quint64(2));
    QCOMPARE(other->license(u"beta"_s)->name, u"Renamed in the turn"_s);
    if (!isPg())
        return;
    QCOMPARE(generationOf(*m_store, u"alpha"_s), quint64(2));
    // Written where it is read without the store: the table itself.
    QSqlQuery table(m_pg->connection());
    QVERIFY(table.exec(u"SELECT last_generation FROM licenses WHERE id = 'alpha'"_s) && table.next());
    QCOMPARE(table.value(0).toLongLong(), 2);
}

void TestStoreContract::leasesInsertedInATurnReadAsTheTableKeepsThem()
{
    // Issue 30: a turn's checkouts on one license decide on its rows read once; each lease the
    // turn inserts joins them as the table keeps it (times to the millisecond), and a retried
    // checkout's requestId moves from the row that had it to the new one, as the insert does.
    const auto fields = [](const QList<StoredLease> &rows) {
        QList<std::tuple<QString, QString, quint64, qint64, qint64, QByteArray, QString, qint64, bool>> seen;
        for (const StoredLease &row : rows)
            seen.append({row.lease.seatId, row.lease.holder, row.lease.generation,
                         row.lease.issuedAt.toMSecsSinceEpoch(), row.lease.expiresAt.toMSecsSinceEpoch(),
                         row.lease.signature, row.requestId,
                         row.lastActivityAt.isValid() ? row.lastActivityAt.toMSecsSinceEpoch() : -1,
                         row.lastActivityAt.isValid() && row.lastActivityAt.timeSpec() == Qt::UTC});
        std::sort(seen.begin(), seen.end());
        return seen;
    };
    m_store->withStore([&] { m_store->insertLease(leaseRow(u"alpha"_s, u"s0"_s, 100, u"ann"_s, u"req-1"_s)); });
    StoredLease retried = leaseRow(u"alpha"_s, u"s1"_s, 200, u"ann"_s, u"req-1"_s);
    // Not in UTC: the table keeps the instant, and gives it back in UTC.
    retried.lease.issuedAt = QDateTime::fromMSecsSinceEpoch(at(140).toMSecsSinceEpoch() + 7, QTimeZone(3600));
    retried.lastActivityAt = retried.lease.issuedAt.addMSecs(1);

    QList<StoredLease> inside;
    m_store->beginBatch();
    m_store->lockLicenses({u"alpha"_s});
    m_store->withLicense(u"alpha"_s, [&] {
        QCOMPARE(m_store->leases(u"alpha"_s).size(), 1);
        m_store->insertLease(retried);
        m_store->insertLease(leaseRow(u"alpha"_s, u"s2"_s, 300, u"bob"_s));
        inside = m_store->leases(u"alpha"_s);
        QCOMPARE(m_store->lease(u"alpha"_s, u"s0"_s)->requestId, QString()); // given up
    });
    m_store->commitBatch();
    const auto other = reopen();
    QVERIFY(other);
    const QList<StoredLease> after = other->leases(u"alpha"_s);
    QCOMPARE(after.size(), 3);
    QCOMPARE(fields(inside), fields(after));
}

void TestStoreContract::everyFieldOfALeaseInsertedInATurnIsKept()
{
    // Issue 30: a turn's new leases are written together at the unit's end (PostgreSQL, one
    // statement of arrays). Every field must come back as the one-row insert keeps it, NULLs as
    // NULLs and text as text (quotes, backslashes, commas, braces, the word NULL), a lease the
    // turn inserted and released must never reach the table, and a seat released and taken again
    // in one turn must hold the new row.
    const auto fields = [](const QList<StoredLease> &rows) {
        QStringList seen;
        const auto ms = [](const QDateTime &time) {
            return time.isValid()
                ? QString::number(time.toMSecsSinceEpoch()) + (time.timeSpec() == Qt::UTC ? u"Z"_s : u"?"_s)
                : u"-"_s;
        };
        for (const StoredLease &row : rows) {
            seen.append(QStringList {row.lease.seatId, row.lease.holder, QString::number(row.lease.generation),
                                     ms(row.lease.issuedAt), ms(row.lease.expiresAt),
                                     QString::fromLatin1(row.lease.signature.toHex()), row.requestId,
                                     ms(row.lastActivityAt), ms(row.reclaimMarkedAt), ms(row.reclaimAt),
                                     row.lease.borrowed ? u"borrowed"_s : u"-"_s, ms(row.writeOff.at), row.writeOff.by,
                                     row.writeOff.note, QString::fromLatin1(row.returnSecretHash.toHex())}
                            .join(u'|'));
        }
        seen.sort();
        return seen;
    };
    QList<StoredLease> rows;
    rows.append(leaseRow(u"x"_s, u"plain"_s, 500));
    StoredLease full = leaseRow(u"x"_s, u"full"_s, 500, uR"(O'Brien "the {laptop}", \ and, more)"_s, u"req, 1"_s);
    full.lease.generation = 7;
    full.lease.signature = QByteArray::fromHex("00ff7f80") + QByteArray(60, '\0');
    full.lastActivityAt = at(450).addMSecs(3);
    full.reclaimMarkedAt = at(460);
    full.reclaimAt = at(470);
    full.lease.borrowed = true;
    full.returnSecretHash = QByteArray::fromHex("00ff0a20") + QByteArray(28, '\x7f');
    full.writeOff = BorrowWriteOff {at(480), u"admin \"root\""_s, u"Lost on the train, {late} \\ NULL"_s};
    rows.append(full);
    rows.append(leaseRow(u"x"_s, u"NULL"_s, 500, u"NULL"_s, u"NULL"_s));
    StoredLease writtenOffNoNote = leaseRow(u"x"_s, u"noNote"_s, 500, u"d\u00e9j\u00e0 vu \u2014 ok"_s);
    writtenOffNoNote.lease.borrowed = true;
    writtenOffNoNote.writeOff = BorrowWriteOff {at(481), u"ops"_s, QString()};
    rows.append(writtenOffNoNote);
    const auto onLicense = [&](const QString &licenseId) {
        QList<StoredLease> copies = rows;
        for (StoredLease &row : copies)
            row.lease.licenseId = licenseId;
        return copies;
    };
    // beta: one insert a row, as outside a turn.
    m_store->withLicense(u"beta"_s, [&] {
        for (const StoredLease &row : onLicense(u"beta"_s))
            m_store->insertLease(row);
    });
    m_store->withStore([&] { m_store->insertLease(leaseRow(u"alpha"_s, u"retaken"_s, 100, u"old"_s)); });
    StoredLease retaken = leaseRow(u"alpha"_s, u"retaken"_s, 600, u"new"_s, u"req-2"_s);
    m_store->beginBatch();
    m_store->lockLicenses({u"alpha"_s, u"beta"_s});
    m_store->withStore([&] {
        for (const StoredLease &row : onLicense(u"alpha"_s))
            m_store->insertLease(row);
        m_store->insertLease(leaseRow(u"alpha"_s, u"fleeting"_s, 600, u"gone"_s, u"req-3"_s));
        QVERIFY(m_store->deleteLease(u"alpha"_s, u"fleeting"_s));
        QVERIFY(!m_store->lease(u"alpha"_s, u"fleeting"_s));
        QVERIFY(m_store->deleteLease(u"alpha"_s, u"retaken"_s));
        m_store->insertLease(retaken);
    });
    m_store->commitBatch();
    const auto other = reopen();
    QVERIFY(other);
    QList<StoredLease> alpha = other->leases(u"alpha"_s);
    const auto retakenAt = std::find_if(alpha.begin(), alpha.end(),
                                        [](const StoredLease &row) { return row.lease.seatId == u"retaken"_s; });
    QVERIFY(retakenAt != alpha.end());
    QCOMPARE(fields({*retakenAt}), fields({retaken}));
    alpha.erase(retakenAt);
    QCOMPARE(fields(alpha), fields(other->leases(u"beta"_s)));
    QCOMPARE(fields(alpha), fields(rows));
    QVERIFY(!other->leaseByRequest(u"alpha"_s, u"gone"_s, u"req-3"_s));
    QCOMPARE(other->leaseByRequest(u"alpha"_s, full.lease.holder, u"req, 1"_s)->lease.seatId, u"full"_s);
}

void TestStoreContract::aTurnsInsertThatFailsUndoesItsUnitAlone()
{
    // Issue 30: held back to the unit's end, an insert the table refuses (here a seat id already
    // taken, which the seat logic never asks for) must fail its unit, whole and with nothing of
    // it kept, and leave the batch's other units and the store as they were.
    m_store->withStore([&] { m_store->insertLease(leaseRow(u"alpha"_s, u"taken"_s, 100)); });
    m_store->beginBatch();
    m_store->lockLicenses({u"alpha"_s, u"beta"_s});
    m_store->withStore([&] { m_store->insertLease(leaseRow(u"beta"_s, u"kept"_s, 200)); });
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withStore([&] {
        m_store->insertLease(leaseRow(u"alpha"_s, u"lost"_s, 200));
        m_store->insertLease(leaseRow(u"alpha"_s, u"taken"_s, 200));
        QVERIFY(m_store->deleteLease(u"beta"_s, u"kept"_s));
    }));
    m_store->withStore([&] { m_store->insertLease(leaseRow(u"alpha"_s, u"after"_s, 200)); });
    m_store->commitBatch();
    const auto seatsOf = [](LeaseStore &store, const QString &licenseId) {
        QStringList seats;
        for (const StoredLease &row : store.leases(licenseId))
            seats.append(row.lease.seatId + u'@' + QString::number(row.lease.expiresAt.toSecsSinceEpoch()));
        seats.sort();
        return seats;
    };
    const auto other = reopen();
    QVERIFY(other);
    QCOMPARE(
        seatsOf(*other, u"alpha"_s),
        (QStringList {u"after@%1"_s.arg(at(200).toSecsSinceEpoch()), u"taken@%1"_s.arg(at(100).toSecsSinceEpoch())}));
    QCOMPARE(seatsOf(*other, u"beta"_s), QStringList {u"kept@%1"_s.arg(at(200).toSecsSinceEpoch())});
}

void TestStoreContract::expectedCheckoutsReadTogetherAnswerAsAlone()
{
    // Issue 30: told a turn's checkouts beforehand (expectCheckouts), PostgreSQL looks up all their
    // requestIds with one statement and counts all their licenses with another. Every answer must
    // be the one a store asked alone gives (rows held live or lapsed, ids free, another holder's,
    // licenses not held by the batch), and stay so after the turn's own inserts and deletes.
    constexpr std::chrono::milliseconds skew = 5s;
    const QDateTime now = at(1000);
    m_store->withStore([&] {
        m_store->insertLicense(licenseRecord(u"gamma"_s));
        for (int i = 0; i < 100; ++i) {
            // Even seats live, odd ones lapsed; on beta one in three live.
            m_store->insertLease(leaseRow(u"alpha"_s, u"a%1"_s.arg(i), i % 2 ? 900 : 1060, {}, u"req-%1"_s.arg(i)));
            m_store->insertLease(leaseRow(u"beta"_s, u"b%1"_s.arg(i), i % 3 ? 900 : 1060, {}, u"req-%1"_s.arg(i)));
        }
        m_store->insertLease(leaseRow(u"gamma"_s, u"g1"_s, 1060, {}, u"req-g"_s));
        // On the boundary, to the millisecond: live, and lapsed.
        StoredLease edge = leaseRow(u"beta"_s, u"edge-live"_s, 900);
        edge.lease.expiresAt = now.addMSecs(-skew.count());
        m_store->insertLease(edge);
        edge.lease.seatId = u"edge-gone"_s;
        edge.lease.expiresAt = now.addMSecs(-skew.count() - 1);
        m_store->insertLease(edge);
    });
    // Seen with many rows: the turn counts these licenses and looks their requestIds up.
    QCOMPARE(m_store->leases(u"alpha"_s).size(), 100);
    QCOMPARE(m_store->leases(u"beta"_s).size(), 102);
    const QList<ExpectedCheckout> expected {
        {u"alpha"_s, u"holder-a4"_s, u"req-4"_s}, // held, live
        {u"alpha"_s, u"holder-a5"_s, u"req-5"_s}, // held, lapsed
        {u"alpha"_s, u"holder-a6"_s, u"req-7"_s}, // another holder's id
        {u"alpha"_s, u"ann"_s, u"req-new"_s}, // free
        {u"beta"_s, u"holder-b3"_s, u"req-3"_s},  {u"beta"_s, u"holder-b4"_s, u"req-4"_s},
        {u"beta"_s, u"bob"_s, QString()}, // no requestId
        {u"gamma"_s, u"holder-g1"_s, u"req-g"_s}, // not held by the batch
    };
    const auto seatOf = [](const std::optional<StoredLease> &row) {
        return row ? row->lease.seatId + u'@' + QString::number(row->lease.expiresAt.toSecsSinceEpoch()) : u"none"_s;
    };
    // Asked alone, outside any turn.
    QStringList alone;
    for (const ExpectedCheckout &checkout : expected)
        alone.append(seatOf(m_store->leaseByRequest(checkout.licenseId, checkout.holder, checkout.requestId)));
    QCOMPARE(alone.count(u"none"_s), 3);
    m_store->beginBatch();
    m_store->lockLicenses({u"alpha"_s, u"beta"_s});
    m_store->expectCheckouts(expected);
    m_store->withStore([&] {
        QCOMPARE(m_store->liveLeaseCount(u"alpha"_s, now, skew), 50);
        QCOMPARE(m_store->liveLeaseCount(u"beta"_s, now, skew), 35);
        QCOMPARE(m_store->liveLeaseCount(u"gamma"_s, now, skew), 1);
        QStringList together;
        for (const ExpectedCheckout &checkout : expected)
            together.append(seatOf(m_store->leaseByRequest(checkout.licenseId, checkout.holder, checkout.requestId)));
        QCOMPARE(together, alone);
        QCOMPARE(seatOf(m_store->leaseByRequest(u"alpha"_s, u"holder-a4"_s, u"req-4"_s)),
                 u"a4@%1"_s.arg(at(1060).toSecsSinceEpoch()));
        // A retry whose row lapsed takes its requestId; a checkout's new row holds its own.
        m_store->insertLease(leaseRow(u"alpha"_s, u"a5b"_s, 1060, u"holder-a5"_s, u"req-5"_s));
        m_store->insertLease(leaseRow(u"alpha"_s, u"new"_s, 1060, u"ann"_s, u"req-new"_s));
        QCOMPARE(m_store->leaseByRequest(u"alpha"_s, u"holder-a5"_s, u"req-5"_s)->lease.seatId, u"a5b"_s);
        QCOMPARE(m_store->leaseByRequest(u"alpha"_s, u"ann"_s, u"req-new"_s)->lease.seatId, u"new"_s);
        QCOMPARE(m_store->liveLeaseCount(u"alpha"_s, now, skew), 52);
        // A release of a row looked up: its requestId is held no more.
        QVERIFY(m_store->deleteLease(u"beta"_s, u"b3"_s));
        QVERIFY(!m_store->leaseByRequest(u"beta"_s, u"holder-b3"_s, u"req-3"_s));
        QCOMPARE(m_store->liveLeaseCount(u"beta"_s, now, skew), 34);
    });
    m_store->commitBatch();
    const auto other = reopen();
    QVERIFY(other);
    QCOMPARE(other->leases(u"alpha"_s).size(), 102);
    QCOMPARE(other->liveLeaseCount(u"alpha"_s, now, skew), 52);
    QCOMPARE(other->liveLeaseCount(u"beta"_s, now, skew), 34);
    QCOMPARE(other->leaseByRequest(u"alpha"_s, u"holder-a5"_s, u"req-5"_s)->lease.seatId, u"a5b"_s);
    QCOMPARE(other->lease(u"alpha"_s, u"a5"_s)->requestId, QString());
}

void TestStoreContract::aLicenseOfManySeatsIsCountedWithoutItsRows()
{
    // Issue 30: a turn no longer reads every row of a license it has seen with many (a storm read
    // every seat of the site each turn); its checkouts count the live rows and find a retry by its
    // requestId. Counts and lookups must say what the rows say, to the millisecond of the
    // liveness boundary, before and after the turn's own inserts and deletes, and an undone turn
    // must leave the count as it was.
    constexpr std::chrono::milliseconds skew = 5s;
    const QDateTime now = at(1000);
    m_store->withStore([&] {
        for (int i = 0; i < 100; ++i) {
            // 0..59 live, 60..99 expired; 58 and 59 sit on the boundary's live side, 60 just past.
            StoredLease row = leaseRow(u"alpha"_s, u"s%1"_s.arg(i), 1000 + 60 - i, {}, u"req-%1"_s.arg(i));
            if (i >= 58)
                row.lease.expiresAt = now.addMSecs(-skew.count() + 59 - i);
            m_store->insertLease(row);
        }
    });
    const auto liveIn = [&](const QList<StoredLease> &rows) {
        return int(std::count_if(rows.cbegin(), rows.cend(),
                                 [&](const StoredLease &row) { return isLive(row.lease, now, skew); }));
    };
    QCOMPARE(liveIn(m_store->leases(u"alpha"_s)), 60); // the store has now seen the license's 100 rows

    const auto inTurn = [&](const std::function<void()> &work, bool undo) {
        m_store->beginBatch();
        m_store->lockLicenses({u"alpha"_s});
        const auto unit = [&] {
            m_store->withLicense(u"alpha"_s, [&] {
                work();
                if (undo)
                    throw StoreError(StoreError::Kind::Failed, u"undone by the test"_s);
            });
        };
        if (undo)
            QVERIFY_THROWS_EXCEPTION(StoreError, unit());
        else
            unit();
        m_store->commitBatch();
    };
    inTurn(
        [&] {
            QCOMPARE(m_store->liveLeaseCount(u"alpha"_s, now, skew), 60);
            QCOMPARE(m_store->liveLeaseCount(u"alpha"_s, now.addMSecs(1), skew), 59); // s59 stops counting
            QCOMPARE(m_store->leaseByRequest(u"alpha"_s, u"holder-s7"_s, u"req-7"_s)->lease.seatId, u"s7"_s);
            QCOMPARE(m_store->leaseByRequest(u"alpha"_s, u"holder-s70"_s, u"req-70"_s)->lease.seatId, u"s70"_s);
            QVERIFY(!m_store->leaseByRequest(u"alpha"_s, u"holder-s8"_s, u"req-7"_s)); // another holder's id
            QVERIFY(!m_store->leaseByRequest(u"alpha"_s, u"holder-s7"_s, QString()));
            QVERIFY(!m_store->leaseByRequest(u"alpha"_s, u"ann"_s, u"req-new"_s));
            m_store->insertLease(leaseRow(u"alpha"_s, u"new"_s, 1060, u"ann"_s, u"req-new"_s));
            QCOMPARE(m_store->liveLeaseCount(u"alpha"_s, now, skew), 61);
            m_store->insertLease(leaseRow(u"alpha"_s, u"new2"_s, 1060, u"bob"_s));
            m_store->insertLease(leaseRow(u"alpha"_s, u"gone"_s, 990, u"cy"_s)); // expired on arrival
            QCOMPARE(m_store->liveLeaseCount(u"alpha"_s, now, skew), 62);
            // A retry whose earlier row lapsed: the new row takes the requestId from it.
            QVERIFY(m_store->leaseByRequest(u"alpha"_s, u"holder-s70"_s, u"req-70"_s));
            m_store->insertLease(leaseRow(u"alpha"_s, u"s70b"_s, 1060, u"holder-s70"_s, u"req-70"_s));
            QCOMPARE(m_store->leaseByRequest(u"alpha"_s, u"holder-s70"_s, u"req-70"_s)->lease.seatId, u"s70b"_s);
            QCOMPARE(m_store->liveLeaseCount(u"alpha"_s, now, skew), 63);
            QVERIFY(m_store->deleteLease(u"alpha"_s, u"new2"_s));
            QVERIFY(m_store->deleteLease(u"alpha"_s, u"gone"_s));
            QVERIFY(m_store->deleteLease(u"alpha"_s, u"s70b"_s));
            QCOMPARE(m_store->liveLeaseCount(u"alpha"_s, now, skew), 61);
            QVERIFY(m_store->deleteLease(u"alpha"_s, u"s0"_s));
            QVERIFY(m_store->deleteLease(u"alpha"_s, u"s99"_s)); // not live: the count keeps
            QCOMPARE(m_store->liveLeaseCount(u"alpha"_s, now, skew), 60);
            QVERIFY(!m_store->leaseByRequest(u"alpha"_s, u"holder-s0"_s, u"req-0"_s));
            QCOMPARE(m_store->leaseByRequest(u"alpha"_s, u"ann"_s, u"req-new"_s)->lease.seatId, u"new"_s);
            // The whole list, read in the turn after its writes, is the table's.
            const QList<StoredLease> rows = m_store->leases(u"alpha"_s);
            QCOMPARE(rows.size(), 99);
            QCOMPARE(liveIn(rows), 60);
            QCOMPARE(m_store->liveLeaseCount(u"alpha"_s, now, skew), 60);
        },
        false);
    inTurn(
        [&] {
            m_store->insertLease(leaseRow(u"alpha"_s, u"undone"_s, 1060, u"bob"_s));
            QVERIFY(m_store->deleteLease(u"alpha"_s, u"s1"_s));
            QVERIFY(m_store->deleteLease(u"alpha"_s, u"s2"_s));
            QCOMPARE(m_store->liveLeaseCount(u"alpha"_s, now, skew), 59);
        },
        true);
    inTurn([&] { QCOMPARE(m_store->liveLeaseCount(u"alpha"_s, now, skew), 60); }, false);
    const auto other = reopen();
    QVERIFY(other);
    const QList<StoredLease> after = other->leases(u"alpha"_s);
    QCOMPARE(after.size(), 99);
    QCOMPARE(liveIn(after), 60);
    QCOMPARE(other->liveLeaseCount(u"alpha"_s, now, skew), 60);
}

void TestStoreContract::rowsReadAndDeletedGoWithTheirUnit()
{
    // The reaper deletes the rows it read in its unit (LeaseStore::deleteReadLease); PostgreSQL
    // writes a chunk's deletes with one statement at the unit's end. Reads in the unit must no
    // longer see them, another connection must see them gone once it ends, and an undone unit
    // must delete nothing.
    m_store->withStore([&] {
        for (int i = 0; i < 5; ++i)
            m_store->insertLease(leaseRow(u"alpha"_s, u"old%1"_s.arg(i), 100 + i));
        m_store->insertLease(leaseRow(u"alpha"_s, u"live"_s, 900));
    });
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withLicense(u"alpha"_s, [&] {
        for (const StoredLease &row : m_store->firstLeasesExpiringBy(u"alpha"_s, at(200), 10))
            m_store->deleteReadLease(row);
        QCOMPARE(seatIdsOf(*m_store, u"alpha"_s), QStringList {u"live"_s});
        throw StoreError(StoreError::Kind::Failed, u"undone by the test"_s);
    }));
    QCOMPARE(seatIdsOf(*m_store, u"alpha"_s).size(), 6);
    m_store->withLicense(u"alpha"_s, [&] {
        const QList<StoredLease> first = m_store->firstLeasesExpiringBy(u"alpha"_s, at(200), 3);
        QCOMPARE(first.size(), 3);
        for (const StoredLease &row : first)
            m_store->deleteReadLease(row);
        QVERIFY(!m_store->lease(u"alpha"_s, u"old0"_s));
        QCOMPARE(m_store->liveLeaseCount(u"alpha"_s, at(100), 0s), 3); // old3, old4 and live
        // The next chunk starts after the rows already deleted.
        const QList<StoredLease> next = m_store->firstLeasesExpiringBy(u"alpha"_s, at(200), 3);
        QCOMPARE(next.size(), 2);
        for (const StoredLease &row : next)
            m_store->deleteReadLease(row);
    });
    const auto other = reopen();
    QVERIFY(other);
    QCOMPARE(seatIdsOf(*other, u"alpha"_s), QStringList {u"live"_s});
}

void TestStoreContract::leasesDeletedInATurnAreGoneOnceAndForAll()
{
    // Issue 30: a turn's releases delete their rows together at the unit's end (PostgreSQL). Each
    // delete must say at once whether the row was there, reads inside the unit must not see it,
    // a checkout that takes the deleted row's requestId must not collide with it, and an undone
    // unit must delete nothing.
    m_store->withStore([&] {
        m_store->insertLease(leaseRow(u"alpha"_s, u"s1"_s, 100, u"ann"_s, u"req-1"_s));
        m_store->insertLease(leaseRow(u"alpha"_s, u"s2"_s, 100, u"bob"_s));
        m_store->insertLease(leaseRow(u"beta"_s, u"b1"_s, 100, u"bob"_s));
    });
    m_store->beginBatch();
    m_store->lockLicenses({u"alpha"_s, u"beta"_s});
    QStringList inside;
    m_store->withStore([&] {
        QVERIFY(m_store->deleteLease(u"alpha"_s, u"s1"_s));
        QVERIFY(!m_store->deleteLease(u"alpha"_s, u"s1"_s)); // gone already
        QVERIFY(!m_store->deleteLease(u"alpha"_s, u"nothing"_s));
        QVERIFY(m_store->deleteLease(u"beta"_s, u"b1"_s));
        QVERIFY(!m_store->lease(u"alpha"_s, u"s1"_s));
        inside = seatIdsOf(*m_store, u"alpha"_s);
        // ann checks out again with the same requestId: the old row gives it up by going first.
        m_store->insertLease(leaseRow(u"alpha"_s, u"s3"_s, 200, u"ann"_s, u"req-1"_s));
    });
    QVERIFY_THROWS_EXCEPTION(StoreError, m_store->withLicense(u"alpha"_s, [&] {
        QVERIFY(m_store->deleteLease(u"alpha"_s, u"s2"_s));
        throw StoreError(StoreError::Kind::Failed, u"undone by the test"_s);
    }));
    m_store->commitBatch();
    QCOMPARE(inside, QStringList {u"s2"_s});
    // The next unit writes what it does, and nothing left of the one undone.
    m_store->withStore([&] { m_store->insertLease(leaseRow(u"beta"_s, u"b2"_s, 100)); });
    const auto other = reopen();
    QVERIFY(other);
    QCOMPARE(seatIdsOf(*other, u"alpha"_s), (QStringList {u"s2"_s, u"s3"_s}));
    QCOMPARE(other->leases(u"beta"_s).size(), 1);
    QCOMPARE(other->lease(u"alpha"_s, u"s3"_s)->requestId, u"req-1"_s);
}

void TestStoreContract::aReferenceNoInstanceAdvancedIsMadeAgain()
{
    // Walk 49: a start refused right after it made the reference (--require-synchronous-commit)
    // left it a minute old; the next start read that minute as a jump of the database's clock.
    if (!isPg())
        QSKIP("with SQLite the server records its own guarded clock (tst_clockjump)");
    const qint64 base = databaseNowMs(*m_pg);
    QVERIFY(m_pg->exec(u"UPDATE clock_reference SET reference_ms = %1, wall_ms = %1, monotonic_ms = 0, "
                       "monotonic_epoch = ''"_s.arg(base - 60'000)));
    const auto store = reopen();
    QVERIFY(store);
    ManualClock machine;
    machine.setMonotonicEpoch(u"test-machine"_s);
    machine.setMonotonic(1'000'000ms);
    const clockreference::Advance first = static_cast<PgLeaseStore &>(*store).advanceClock(machine);
    QVERIFY2(qAbs(first.jumpMs) < 5000, qPrintable(QString::number(first.jumpMs)));
    QVERIFY2(first.next.referenceMs >= base && first.next.referenceMs <= databaseNowMs(*m_pg),
             qPrintable(QString::number(first.next.referenceMs - base)));

    // One that an instance did advance keeps its place: a stopped site's restart is measured.
    QVERIFY(m_pg->exec(u"UPDATE clock_reference SET reference_ms = reference_ms - 60000, wall_ms = wall_ms - 60000"_s));
    std::optional<ClockReference> before;
    store->withStore([&] { before = store->clockReference(); });
    QVERIFY(reopen());
    std::optional<ClockReference> after;
    store->withStore([&] { after = store->clockReference(); });
    QCOMPARE(after, before);
}

void TestStoreContract::referenceAdvancesByRealTimeAcrossAStep()
{
    if (!isPg())
        QSKIP("with SQLite the server records its own guarded clock (tst_clockjump)");
    auto &pg = static_cast<PgLeaseStore &>(*m_store);
    ManualClock machine; // the advancing instance's monotonic clock
    machine.setMonotonicEpoch(u"test-machine"_s);
    machine.setMonotonic(1'000'000ms);
    const clockreference::Advance first = pg.advanceClock(machine);
    QCOMPARE(first.next.monotonicEpoch, u"test-machine"_s);
    // The database's clock steps 10 min forward between two advances a second apart (as the
    // reference sees it: its record is 10 min further back).
    QVERIFY(m_pg->exec(u"UPDATE clock_reference SET wall_ms = wall_ms - 600000"_s));
    machine.setMonotonic(1'001'000ms);
    const clockreference::Advance second = pg.advanceClock(machine);
    QVERIFY(second.measured);
    QVERIFY2(second.jumpMs >= 599'000 && second.jumpMs < 600'000, qPrintable(QString::number(second.jumpMs)));
    // "Now" moved by the measured second, or by what a reader may already have taken of the step
    // (the limit and its catch-up), never by the step.
    const qint64 moved = second.next.referenceMs - first.next.referenceMs;
    QVERIFY2(moved >= 1000 && moved <= clockreference::unmeasuredLimitMs * 12 / 10 + 100,
             qPrintable(QString::number(moved)));
    // Seen once: the next advance finds no step.
    machine.setMonotonic(1'002'000ms);
    const clockreference::Advance third = pg.advanceClock(machine);
    QVERIFY(qAbs(third.jumpMs) < 5000);
    QVERIFY(third.next.referenceMs >= second.next.referenceMs);
    std::optional<ClockReference> stored;
    m_store->withStore([&] { stored = m_store->clockReference(); });
    QCOMPARE(stored, std::optional<ClockReference>(third.next));

    // An instance whose boot clock is faked knows no epoch; its advance is recorded all the same.
    ManualClock faked;
    faked.setMonotonicEpoch(QString());
    faked.setMonotonic(5'000ms);
    const clockreference::Advance unknown = pg.advanceClock(faked);
    QVERIFY(unknown.next.monotonicEpoch.isEmpty());
    m_store->withStore([&] { stored = m_store->clockReference(); });
    QVERIFY(stored);
    QCOMPARE(stored->referenceMs, unknown.next.referenceMs);
}

void TestStoreContract::signingKeyIsRecordedOnce()
{
    if (!isPg())
        QSKIP("one SQLite file, one server: its key is the one in its data directory");
    auto &pg = static_cast<PgLeaseStore &>(*m_store);
    QString error;
    const QByteArray first(32, '\x01');
    QVERIFY2(pg.adoptSigningKey(first, &error), qPrintable(error));
    QString otherError;
    auto second = openPg(m_pg->url(), &otherError);
    QVERIFY2(second, qPrintable(otherError));
    QVERIFY2(second->adoptSigningKey(first, &error), qPrintable(error));
    QVERIFY(!second->adoptSigningKey(QByteArray(32, '\x02'), &error));
    QVERIFY2(error.contains(u"differs from the one recorded"_s)
                 && error.contains(QString::fromLatin1(first.toBase64())),
             qPrintable(error));
}

void TestStoreContract::badDatabaseUrisAreRefused_data()
{
    QTest::addColumn<QString>("uri");
    QTest::addColumn<QString>("named");
    QTest::newRow("password") << u"postgresql://keyright:secret@db:5432/keyright"_s << u"password"_s;
    QTest::newRow("password option") << u"postgresql://keyright@db/keyright?password=x"_s << u"password"_s;
    QTest::newRow("scheme") << u"mysql://keyright@db/keyright"_s << u"scheme"_s;
    QTest::newRow("no database") << u"postgresql://keyright@db:5432"_s << u"database"_s;
    QTest::newRow("no host") << u"postgresql:///keyright"_s << u"no host"_s;
    QTest::newRow("bad port") << u"postgresql://keyright@db:99999/keyright"_s << u"not a valid URI"_s;
    QTest::newRow("unknown option") << u"postgresql://keyright@db/keyright?colour=blue"_s << u"colour"_s;
    QTest::newRow("bad timeout") << u"postgresql://keyright@db/keyright?connect_timeout=0"_s << u"connect_timeout"_s;
}

void TestStoreContract::badDatabaseUrisAreRefused()
{
    QFETCH(QString, uri);
    QFETCH(QString, named);
    QString error;
    QVERIFY(!PgConnectionInfo::parse(uri, &error));
    QVERIFY2(error.contains(named), qPrintable(error));
    // A good one, for contrast, with the defaults filled in.
    const auto good = PgConnectionInfo::parse(u"postgresql://keyright@db.example/keyright?sslmode=require"_s, &error);
    QVERIFY2(good, qPrintable(error));
    QCOMPARE(good->hosts, (QList<PgHost> {PgHost {u"db.example"_s, 5432}}));
    QCOMPARE(good->user, u"keyright"_s);
    QCOMPARE(good->databaseName, u"keyright"_s);
    QVERIFY(good->connectOptions.contains(u"sslmode=require"_s));
    QVERIFY(good->connectOptions.contains(u"connect_timeout=5"_s));
    QCOMPARE(good->description(), u"PostgreSQL at db.example:5432/keyright"_s);
}

void TestStoreContract::multiHostDatabaseUrisAreRead_data()
{
    QTest::addColumn<QString>("uri");
    QTest::addColumn<QString>("hostName");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("options");
    QTest::addColumn<QString>("description");
    QTest::newRow("one host") << u"postgresql://k@db:5433/keyright"_s << u"db"_s << 5433 << u"connect_timeout=5"_s
                              << u"PostgreSQL at db:5433/keyright"_s;
    QTest::newRow("a list") << u"postgresql://k@a:5432,b:5433/keyright?target_session_attrs=read-write"_s << u"a,b"_s
                            << -1 << u"port=5432,5433;target_session_attrs=read-write;connect_timeout=5"_s
                            << u"PostgreSQL at a:5432,b:5433/keyright"_s;
    QTest::newRow("default ports") << u"postgresql://k@a,b,c/keyright"_s << u"a,b,c"_s << -1
                                   << u"port=5432,5432,5432;connect_timeout=5"_s
                                   << u"PostgreSQL at a:5432,b:5432,c:5432/keyright"_s;
    QTest::newRow("ipv6") << u"postgresql://k@[::1]:6000,10.0.0.2/keyright"_s << u"::1,10.0.0.2"_s << -1
                          << u"port=6000,5432;connect_timeout=5"_s
                          << u"PostgreSQL at ::1:6000,10.0.0.2:5432/keyright"_s;
    QTest::newRow("query list") << u"postgresql:///keyright?host=a,b&port=6000,6001&connect_timeout=2"_s << u"a,b"_s
                                << -1 << u"port=6000,6001;connect_timeout=2"_s
                                << u"PostgreSQL at a:6000,b:6001/keyright"_s;
    QTest::newRow("one query port") << u"postgresql://k@a,b/keyright?port=7000"_s << u"a,b"_s << -1
                                    << u"port=7000,7000;connect_timeout=5"_s
                                    << u"PostgreSQL at a:7000,b:7000/keyright"_s;
}

void TestStoreContract::multiHostDatabaseUrisAreRead()
{
    QFETCH(QString, uri);
    QFETCH(QString, hostName);
    QFETCH(int, port);
    QFETCH(QString, options);
    QFETCH(QString, description);
    QString error;
    const auto info = PgConnectionInfo::parse(uri, &error);
    QVERIFY2(info, qPrintable(error));
    QCOMPARE(info->hostName(), hostName);
    QCOMPARE(info->port(), port);
    QCOMPARE(info->connectOptionsWithPorts(), options);
    QCOMPARE(info->description(), description);
    // Refused in a list as alone.
    QVERIFY(!PgConnectionInfo::parse(u"postgresql://k@a:1,b:99999/keyright"_s, &error));
    QVERIFY2(error.contains(u"not a valid URI"_s), qPrintable(error));
    QVERIFY(!PgConnectionInfo::parse(u"postgresql://k@a,/keyright"_s, &error));
    QVERIFY2(error.contains(u"no host"_s), qPrintable(error));
    QVERIFY(!PgConnectionInfo::parse(u"postgresql://k@a,b,c/keyright?port=1,2"_s, &error));
    QVERIFY2(error.contains(u"2 ports for 3 hosts"_s), qPrintable(error));
    QVERIFY(!PgConnectionInfo::parse(u"postgresql://k:pw@a,b/keyright"_s, &error));
    QVERIFY2(error.contains(u"password"_s), qPrintable(error));
    QVERIFY(!PgConnectionInfo::parse(u"postgresql://k@a/keyright?options=-c%20x=1"_s, &error));
    QVERIFY2(error.contains(u"spaces"_s), qPrintable(error));
}

// Qt's QPSQL driver hands the host list and the ports to libpq as they are: a store on
// "nobody listens here, then the real server" opens on the second, says which it is on, and keeps
// naming the whole list.
void TestStoreContract::postgresHostListSkipsAnUnreachableHost()
{
    if (!isPg())
        QSKIP("PostgreSQL only");
    const auto single = PgConnectionInfo::parse(m_pg->url(), nullptr);
    QVERIFY(single);
    const PgHost real = single->hosts.constFirst();
    QString error;
    const auto info = PgConnectionInfo::parse(
        u"postgresql://%1@127.0.0.1:1,%2:%3/%4?target_session_attrs=read-write"_s.arg(single->user, real.host)
            .arg(real.port)
            .arg(single->databaseName),
        &error);
    QVERIFY2(info, qPrintable(error));
    PgLeaseStore store(*info, std::nullopt, SystemClock::instance());
    QVERIFY2(store.open(&error), qPrintable(error));
    QCOMPARE(store.connectedServer(), u"%1:%2"_s.arg(real.host).arg(real.port));
    store.withStore([] {});
    QVERIFY(store.description().contains(u"127.0.0.1:1,"_s));
}

// The test cluster has no standby: commitDurability() says what is missing, and names the setting
// that a database (or the role) overrides for this connection.
void TestStoreContract::postgresAsynchronousCommitIsNamed()
{
    if (!isPg())
        QSKIP("PostgreSQL only");
    QString error;
    auto store = openPg(m_pg->url(), &error);
    QVERIFY2(store, qPrintable(error));
    auto durability = store->commitDurability();
    QVERIFY(!durability.synchronous);
    QCOMPARE(durability.replicas, 0);
    QVERIFY2(durability.problem.contains(u"synchronous_standby_names is empty"_s), qPrintable(durability.problem));
    QVERIFY2(durability.problem.contains(store->connectedServer()), qPrintable(durability.problem));
}

// A synchronous standby that is named but not streaming would make every commit wait: refused by
// name. Standbys whose state this role cannot see are given the benefit of the doubt.
void TestStoreContract::namedButAbsentStandbyIsAProblem()
{
    PgLeaseStore::CommitDurability d;
    d.synchronousCommit = u"on"_s;
    d.standbyNames = u"node9"_s;
    PgLeaseStore::judgeDurability(d, u"db1:5432"_s);
    QVERIFY(!d.synchronous);
    QVERIFY2(d.problem.contains(u"node9"_s) && d.problem.contains(u"no synchronous standby is streaming"_s),
             qPrintable(d.problem));
    d.connected = 1;
    d.stateReadable = 1;
    PgLeaseStore::judgeDurability(d, u"db1:5432"_s); // connected, but asynchronous
    QVERIFY(!d.synchronous);
    d.synchronousStreaming = 1;
    PgLeaseStore::judgeDurability(d, u"db1:5432"_s);
    QVERIFY2(d.synchronous, qPrintable(d.problem));
    d.stateReadable = 0; // a role that cannot read pg_stat_replication's state
    d.synchronousStreaming = 0;
    PgLeaseStore::judgeDurability(d, u"db1:5432"_s);
    QVERIFY2(d.synchronous, qPrintable(d.problem));
}

} // namespace keyright::server

QTEST_GUILESS_MAIN(keyright::server::TestStoreContract)
#include "tst_storecontract.moc"
