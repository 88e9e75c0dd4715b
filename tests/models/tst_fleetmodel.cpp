#include "AdminClient.h"
#include "ManualClock.h"
#include "Timestamps.h"
#include "fleet/AdminStatsFetcher.h"
#include "fleet/FleetCountersModel.h"
#include "fleet/FleetModel.h"
#include "fleet/FleetServersModel.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using keyright::FleetCountersModel;
using keyright::FleetModel;
using keyright::FleetServersModel;
using keyright::FleetServerStatus;
using keyright::FleetSnapshot;
using keyright::GCounter;
using keyright::ManualClock;

namespace {

const QString paris = u"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"_s;
const QString lyon = u"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"_s;
const QString nantes = u"cccccccccccccccccccccccccccccccc"_s;
const QUrl parisUrl(u"https://paris.example:7400"_s);
const QUrl lyonUrl(u"https://lyon.example:7400"_s);

// A /v1/stats body whose "granted" counter of acme-cad holds `granted`.
QJsonObject stats(const QString &self, const QDateTime &serverTime, const GCounter::State &granted,
                  const QJsonArray &peers = {}, const QJsonArray &amnesia = {})
{
    QJsonObject counters {{u"granted"_s, GCounter::toJson(granted)}, {u"denied"_s, QJsonObject()}};
    return QJsonObject {
        {u"replicaId"_s, self},
        {u"serverTime"_s, keyright::formatTimestamp(serverTime)},
        {u"counters"_s, QJsonObject {{u"acme-cad"_s, counters}}},
        {u"peers"_s, peers},
        {u"amnesia"_s, amnesia},
    };
}

GCounter::State map(std::initializer_list<std::pair<QString, quint64>> components)
{
    GCounter::State state;
    for (const auto &[id, count] : components)
        state.insert(id, count);
    return state;
}

QModelIndex licenseRow(const QAbstractItemModel &model, const QString &licenseId)
{
    for (int row = 0; row < model.rowCount(); ++row) {
        const QModelIndex index = model.index(row, 0);
        if (index.data().toString() == licenseId)
            return index;
    }
    return {};
}

QModelIndex replicaRow(const QAbstractItemModel &model, const QModelIndex &license, const QString &replicaId)
{
    for (int row = 0; row < model.rowCount(license); ++row) {
        const QModelIndex index = model.index(row, 0, license);
        if (index.data(FleetCountersModel::ReplicaIdRole).toString() == replicaId)
            return index;
    }
    return {};
}

} // namespace

class TestFleetModel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_clock = std::make_unique<ManualClock>();
        m_fleet = std::make_unique<FleetModel>(*m_clock);
        m_serversTester = std::make_unique<QAbstractItemModelTester>(
            m_fleet->serversModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_countersTester = std::make_unique<QAbstractItemModelTester>(
            m_fleet->countersModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_fleet->setServers({parisUrl, lyonUrl});
    }

    void cleanup()
    {
        m_countersTester.reset();
        m_serversTester.reset();
        m_fleet.reset();
        m_clock.reset();
    }

    void repeatedLateAndReorderedSnapshotsNeverInflate_data()
    {
        QTest::addColumn<QList<int>>("order"); // indexes into the three snapshots below

        QTest::newRow("in order") << QList<int>({0, 1, 2});
        QTest::newRow("every snapshot twice") << QList<int>({0, 0, 1, 1, 2, 2});
        QTest::newRow("newest first, old one late") << QList<int>({2, 1, 0});
        QTest::newRow("old paris poll after the new one") << QList<int>({1, 2, 0, 0});
    }

    void repeatedLateAndReorderedSnapshotsNeverInflate()
    {
        QFETCH(QList<int>, order);
        const QDateTime t0 = m_clock->now();
        // paris polled twice (it counted 3 then 5, and heard lyon 2), lyon once (it counted 4).
        const QList<std::pair<QUrl, QJsonObject>> snapshots {
            {parisUrl, stats(paris, t0, map({{paris, 3}}))},
            {parisUrl, stats(paris, t0.addSecs(30), map({{paris, 5}, {lyon, 2}}))},
            {lyonUrl, stats(lyon, t0.addSecs(20), map({{lyon, 4}, {paris, 3}}))},
        };
        for (const int i : order)
            QVERIFY(m_fleet->recordSnapshot(snapshots.at(i).first, snapshots.at(i).second));

        QCOMPARE(m_fleet->counter(u"acme-cad"_s, u"granted"_s), map({{paris, 5}, {lyon, 4}}));
        QCOMPARE(m_fleet->total(u"acme-cad"_s, u"granted"_s), 9u);

        const QAbstractItemModel &model = *m_fleet->countersModel();
        const QModelIndex license = licenseRow(model, u"acme-cad"_s);
        QVERIFY(license.isValid());
        QCOMPARE(license.siblingAtColumn(FleetCountersModel::GrantedColumn).data().toString(), u"9"_s);
        QCOMPARE(license.siblingAtColumn(FleetCountersModel::DeniedColumn).data().toString(), u"0"_s);
        QCOMPARE(model.rowCount(license), 2);
        QCOMPARE(replicaRow(model, license, paris).siblingAtColumn(FleetCountersModel::GrantedColumn).data().toString(),
                 u"5"_s);
        QCOMPARE(replicaRow(model, license, lyon).siblingAtColumn(FleetCountersModel::GrantedColumn).data().toString(),
                 u"4"_s);
    }

    void sandboxLicensesAreLeftOutOfTheFleet()
    {
        // The simulator's staged denials on its sim-... licenses are not usage.
        QJsonObject body = stats(paris, m_clock->now(), map({{paris, 2}}));
        QJsonObject counters = body.value(u"counters"_s).toObject();
        counters.insert(u"sim-rollback"_s,
                        QJsonObject {{u"granted"_s, GCounter::toJson(map({{paris, 40}}))},
                                     {u"denied"_s, GCounter::toJson(map({{paris, 60}}))}});
        body.insert(u"counters"_s, counters);
        QVERIFY(m_fleet->recordSnapshot(parisUrl, body));
        QCOMPARE(m_fleet->licenses(), QStringList {u"acme-cad"_s});
        QCOMPARE(m_fleet->total(u"sim-rollback"_s, u"denied"_s), 0u);
        QVERIFY(!licenseRow(*m_fleet->countersModel(), u"sim-rollback"_s).isValid());
    }

    void aPollInsertsRowsAndKeepsExistingOnes()
    {
        QSignalSpy inserted(m_fleet->countersModel(), &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(m_fleet->countersModel(), &QAbstractItemModel::modelReset);
        QVERIFY(m_fleet->recordSnapshot(parisUrl, stats(paris, m_clock->now(), map({{paris, 1}}))));
        QCOMPARE(inserted.size(), 1); // the license, with its replica row
        QVERIFY(m_fleet->recordSnapshot(lyonUrl, stats(lyon, m_clock->now(), map({{lyon, 1}}))));
        QCOMPARE(inserted.size(), 2); // lyon's replica row under the existing license
        QCOMPARE(reset.size(), 0);
    }

    void serversShowWhoAnswered()
    {
        QVERIFY(m_fleet->recordSnapshot(parisUrl, stats(paris, m_clock->now(), map({{paris, 1}}))));
        m_fleet->recordFailure(lyonUrl, u"Connection refused"_s);

        const QAbstractItemModel &servers = *m_fleet->serversModel();
        QCOMPARE(servers.rowCount(), 2);
        QCOMPARE(servers.index(0, FleetServersModel::StatusColumn).data().toString(), u"answered"_s);
        QCOMPARE(servers.index(0, FleetServersModel::ReplicaColumn).data(FleetServersModel::ReplicaIdRole), paris);
        QCOMPARE(servers.index(0, FleetServersModel::ReplicaColumn).data().toString(), u"aaaaaaaa…"_s);
        QVERIFY(servers.index(1, FleetServersModel::StatusColumn).data().toString().contains(u"Connection refused"_s));
        QCOMPARE(servers.index(1, FleetServersModel::ReplicaColumn).data().toString(), u"unknown"_s);

        // A later failure keeps what the server was, and its counts stay in the totals.
        m_clock->advance(10s);
        m_fleet->recordFailure(parisUrl, u"Timed out"_s);
        QCOMPARE(servers.index(0, FleetServersModel::ReplicaColumn).data(FleetServersModel::ReplicaIdRole), paris);
        QCOMPARE(servers.index(0, FleetServersModel::LastAnswerColumn).data().toString(), u"10 s ago"_s);
        QCOMPARE(m_fleet->total(u"acme-cad"_s, u"granted"_s), 1u);
    }

    void malformedSnapshotIsAFailureNamingTheField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QJsonValue>("value");

        QTest::newRow("replica id not hex") << u"replicaId"_s << QJsonValue(u"paris"_s);
        QTest::newRow("server time without milliseconds") << u"serverTime"_s << QJsonValue(u"2026-11-29T21:00:00Z"_s);
        QTest::newRow("counters not an object") << u"counters"_s << QJsonValue(3);
        QTest::newRow("negative component")
            << u"counters"_s
            << QJsonValue(QJsonObject {{u"acme-cad"_s, QJsonObject {{u"granted"_s, QJsonObject {{paris, -1}}}}}});
        QTest::newRow("component under a name that is not a replica id")
            << u"counters"_s
            << QJsonValue(QJsonObject {{u"acme-cad"_s, QJsonObject {{u"granted"_s, QJsonObject {{u"paris"_s, 1}}}}}});
        QTest::newRow("peers not an array") << u"peers"_s << QJsonValue(QJsonObject());
    }

    void malformedSnapshotIsAFailureNamingTheField()
    {
        QFETCH(QString, field);
        QFETCH(QJsonValue, value);
        QJsonObject body = stats(paris, m_clock->now(), map({{paris, 1}}));
        body.insert(field, value);

        QVERIFY(!m_fleet->recordSnapshot(parisUrl, body));
        const FleetServerStatus &server = m_fleet->servers().at(0);
        QCOMPARE(server.state, FleetServerStatus::State::Failed);
        QVERIFY2(server.error.contains(field), qPrintable(server.error));
        QVERIFY(m_fleet->licenses().isEmpty()); // nothing half-merged
    }

    void replicaNotHeardFromIsMarkedStale()
    {
        m_fleet->setStaleAfter(60s);
        // paris heard nantes (a peer the dashboard does not poll) 20 s before answering.
        const QJsonArray peers {QJsonObject {{u"url"_s, u"https://nantes.example:7400"_s},
                                             {u"replicaId"_s, nantes},
                                             {u"lastHeard"_s, keyright::formatTimestamp(m_clock->now().addSecs(-20))},
                                             {u"lastError"_s, QJsonValue()}}};
        QVERIFY(m_fleet->recordSnapshot(parisUrl, stats(paris, m_clock->now(), map({{paris, 2}, {nantes, 7}}), peers)));
        const QAbstractItemModel &model = *m_fleet->countersModel();
        const QModelIndex license = licenseRow(model, u"acme-cad"_s);
        QVERIFY(!m_fleet->isStale(nantes));

        m_clock->advance(45s); // nantes last heard 65 s ago, paris 45 s ago
        m_fleet->refresh();
        QVERIFY(m_fleet->isStale(nantes));
        QVERIFY(!m_fleet->isStale(paris));
        const QModelIndex nantesRow = replicaRow(model, license, nantes);
        QVERIFY(nantesRow.data(FleetCountersModel::StaleRole).toBool());
        QVERIFY(nantesRow.data().toString().contains(u"stale"_s));
        QVERIFY(!replicaRow(model, license, paris).data().toString().contains(u"stale"_s));
        // Stale or not, its counts stay in the total.
        QCOMPARE(license.siblingAtColumn(FleetCountersModel::GrantedColumn).data().toString(), u"9"_s);
    }

    void peersLastHeardIsReadOnTheServersOwnClock()
    {
        m_fleet->setStaleAfter(60s);
        // paris's clock runs two hours ahead; it heard nantes 10 s before answering.
        const QDateTime serverNow = m_clock->now().addSecs(7200);
        const QJsonArray peers {QJsonObject {{u"url"_s, u"https://nantes.example:7400"_s},
                                             {u"replicaId"_s, nantes},
                                             {u"lastHeard"_s, keyright::formatTimestamp(serverNow.addSecs(-10))}}};
        QVERIFY(m_fleet->recordSnapshot(parisUrl, stats(paris, serverNow, map({{nantes, 1}}), peers)));
        QCOMPARE(m_fleet->lastHeard(nantes), m_clock->now().addSecs(-10));
    }

    void amnesiaFromSnapshotsIsShownOnce()
    {
        const QJsonArray amnesia {QJsonObject {{u"kind"_s, u"peer_regressed"_s},
                                               {u"replicaId"_s, lyon},
                                               {u"licenseId"_s, u"acme-cad"_s},
                                               {u"counter"_s, u"granted"_s},
                                               {u"held"_s, 12},
                                               {u"reported"_s, 3},
                                               {u"at"_s, keyright::formatTimestamp(m_clock->now())}}};
        const QJsonObject body = stats(paris, m_clock->now(), map({{lyon, 12}}), {}, amnesia);
        QVERIFY(m_fleet->recordSnapshot(parisUrl, body));
        QVERIFY(m_fleet->recordSnapshot(parisUrl, body));
        QCOMPARE(m_fleet->amnesia().size(), 1);
        QCOMPARE(m_fleet->amnesia().at(0).reportedBy, paris);
        QCOMPARE(m_fleet->amnesia().at(0).record.replicaId, lyon);
        QCOMPARE(m_fleet->amnesia().at(0).record.held, 12u);
        QCOMPARE(m_fleet->amnesia().at(0).record.reported, 3u);
        QCOMPARE(m_fleet->total(u"acme-cad"_s, u"granted"_s), 12u); // the maximum was kept
    }

    void pollAllGoesThroughTheFetcher()
    {
        QList<QUrl> asked;
        m_fleet->setFetcher([&](const QUrl &server, QObject *, const FleetModel::Reply &reply) {
            asked.append(server);
            if (server == parisUrl)
                reply(FleetSnapshot::fromJson(stats(paris, m_clock->now(), map({{paris, 4}}))), {});
            else
                reply(std::nullopt, u"Host not found"_s);
        });
        QSignalSpy updated(m_fleet.get(), &FleetModel::updated);
        m_fleet->pollAll();
        QCOMPARE(asked, QList<QUrl>({parisUrl, lyonUrl}));
        QVERIFY(updated.size() >= 2);
        QCOMPARE(m_fleet->servers().at(0).state, FleetServerStatus::State::Answered);
        QCOMPARE(m_fleet->servers().at(1).state, FleetServerStatus::State::Failed);
        QCOMPARE(m_fleet->servers().at(1).error, u"Host not found"_s);
        QCOMPARE(m_fleet->total(u"acme-cad"_s, u"granted"_s), 4u);
    }

    // Walk 49, finding 3: an instance that answers 404 (a URL with a path) answers, with an error;
    // it is not "no answer", and the summary counts it with the instances that answer with one.
    void anErrorAnswerIsNotNoAnswer()
    {
        keyright::AdminResult<keyright::StatsSnapshot> notFound;
        notFound.error.kind = keyright::ClientError::Kind::Protocol;
        notFound.error.httpStatus = 404;
        notFound.error.message = u"127.0.0.1:47403 answered HTTP 404 when asked for its public key"_s;
        replyWithStats(notFound,
                       [this](const std::optional<FleetSnapshot> &snapshot, const keyright::FleetFailure &failure) {
                           QVERIFY(!snapshot);
                           m_fleet->recordFailure(lyonUrl, failure);
                       });
        const QModelIndex status = m_fleet->serversModel()->index(1, FleetServersModel::StatusColumn);
        QCOMPARE(status.data().toString(), u"error: HTTP 404"_s);
        QCOMPARE(status.data(Qt::ToolTipRole).toString(), notFound.error.message);
        QVERIFY(!m_fleet->servers().at(1).serverSaid.isEmpty());

        // No answer at all is still said so.
        keyright::AdminResult<keyright::StatsSnapshot> refused;
        refused.error.kind = keyright::ClientError::Kind::Transport;
        refused.error.message = u"connection refused by 127.0.0.1:47403"_s;
        replyWithStats(refused, [this](const std::optional<FleetSnapshot> &, const keyright::FleetFailure &failure) {
            m_fleet->recordFailure(lyonUrl, failure);
        });
        QCOMPARE(status.data().toString(), u"no answer: connection refused by 127.0.0.1:47403"_s);
    }

    void snapshotRoundTripsThroughJson()
    {
        const QJsonObject body = stats(paris, m_clock->now(), map({{paris, 4}, {lyon, 1}}));
        keyright::ValidationError error;
        const std::optional<FleetSnapshot> decoded = FleetSnapshot::fromJson(body, &error);
        QVERIFY2(decoded, qPrintable(error.message));
        QCOMPARE(FleetSnapshot::fromJson(decoded->toJson())->counters, decoded->counters);
    }

private:
    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<FleetModel> m_fleet;
    std::unique_ptr<QAbstractItemModelTester> m_serversTester;
    std::unique_ptr<QAbstractItemModelTester> m_countersTester;
};

QTEST_GUILESS_MAIN(TestFleetModel)
#include "tst_fleetmodel.moc"
