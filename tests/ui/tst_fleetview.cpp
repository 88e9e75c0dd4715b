#include "ManualClock.h"
#include "Timestamps.h"
#include "fleet/FleetCountersModel.h"
#include "fleet/FleetModel.h"
#include "fleet/FleetView.h"

#include <QJsonArray>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using keyright::FleetCountersModel;
using keyright::FleetModel;
using keyright::FleetView;
using keyright::GCounter;
using keyright::ManualClock;

namespace {

const QString paris = u"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"_s;
const QString lyon = u"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"_s;
const QUrl parisUrl(u"https://paris.example:7400"_s);
const QUrl lyonUrl(u"https://lyon.example:7400"_s);

QJsonObject stats(const QString &self, const QDateTime &serverTime, quint64 parisGranted, quint64 lyonGranted,
                  const QJsonArray &amnesia = {})
{
    GCounter::State granted;
    if (parisGranted)
        granted.insert(paris, parisGranted);
    if (lyonGranted)
        granted.insert(lyon, lyonGranted);
    return QJsonObject {
        {u"replicaId"_s, self},
        {u"serverTime"_s, keyright::formatTimestamp(serverTime)},
        {u"counters"_s, QJsonObject {{u"acme-cad"_s, QJsonObject {{u"granted"_s, GCounter::toJson(granted)}}}}},
        {u"peers"_s, QJsonArray()},
        {u"amnesia"_s, amnesia},
    };
}

} // namespace

class TestFleetView final : public QObject
{
    Q_OBJECT

private:
    // What a person reads in the counters tree: the cell under `column` on the row named `name`
    // (a license, or a replica's id prefix under `license`).
    QString cell(const QString &license, const QString &replicaPrefix, int column)
    {
        const QAbstractItemModel *model = m_tree->model();
        for (int row = 0; row < model->rowCount(); ++row) {
            const QModelIndex licenseIndex = model->index(row, 0);
            if (licenseIndex.data().toString() != license)
                continue;
            if (replicaPrefix.isEmpty())
                return licenseIndex.siblingAtColumn(column).data().toString();
            for (int child = 0; child < model->rowCount(licenseIndex); ++child) {
                const QModelIndex replica = model->index(child, 0, licenseIndex);
                if (replica.data().toString().startsWith(replicaPrefix))
                    return model->index(child, column, licenseIndex).data().toString();
            }
        }
        return u"<no such row>"_s;
    }

    ManualClock m_clock;
    std::unique_ptr<FleetModel> m_fleet;
    std::unique_ptr<FleetView> m_view;
    QTreeView *m_tree = nullptr;
    int m_polls = 0;

private Q_SLOTS:
    void init()
    {
        m_fleet = std::make_unique<FleetModel>(m_clock);
        m_fleet->setServers({parisUrl, lyonUrl});
        m_polls = 0;
        // paris answers with more each time it is polled; lyon is unreachable.
        m_fleet->setFetcher([this](const QUrl &server, QObject *, const FleetModel::Reply &reply) {
            if (server == lyonUrl) {
                reply(std::nullopt, u"Connection refused"_s);
                return;
            }
            ++m_polls;
            reply(keyright::FleetSnapshot::fromJson(stats(paris, m_clock.now(), 2 * m_polls, 4)), {});
        });
        m_view = std::make_unique<FleetView>(m_fleet.get());
        m_view->setPollInterval(0ms);
        m_view->resize(1280, 720);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        m_tree = m_view->findChild<QTreeView *>(u"countersTree"_s);
        QVERIFY(m_tree);
    }

    void cleanup()
    {
        m_view.reset();
        m_fleet.reset();
    }

    void pollNowShowsServersAndMergedTotals()
    {
        QTest::mouseClick(m_view->findChild<QPushButton *>(u"pollButton"_s), Qt::LeftButton);

        auto *servers = m_view->findChild<QTableView *>(u"serversTable"_s);
        QCOMPARE(servers->model()->index(0, 1).data().toString(), u"answered"_s);
        QCOMPARE(servers->model()->index(0, 2).data().toString(), u"aaaaaaaa…"_s);
        QVERIFY(servers->model()->index(1, 1).data().toString().contains(u"Connection refused"_s));
        QCOMPARE(m_view->findChild<QLabel *>(u"summaryLabel"_s)->text(), u"Servers with usage statistics: 1 of 2"_s);

        QCOMPARE(cell(u"acme-cad"_s, {}, FleetCountersModel::GrantedColumn), u"6"_s);
        QVERIFY(m_tree->isExpanded(m_tree->model()->index(0, 0))); // the breakdown is in view
        QCOMPARE(cell(u"acme-cad"_s, u"aaaaaaaa"_s, FleetCountersModel::GrantedColumn), u"2"_s);
        QCOMPARE(cell(u"acme-cad"_s, u"bbbbbbbb"_s, FleetCountersModel::GrantedColumn), u"4"_s);
    }

    void aRepeatedOrLateSnapshotDoesNotInflateTheTotal()
    {
        QTest::mouseClick(m_view->findChild<QPushButton *>(u"pollButton"_s), Qt::LeftButton);
        QTest::mouseClick(m_view->findChild<QPushButton *>(u"pollButton"_s), Qt::LeftButton);
        QCOMPARE(cell(u"acme-cad"_s, {}, FleetCountersModel::GrantedColumn), u"8"_s); // paris 4 + lyon 4
        // The answer to the first poll, arriving late, and the second one again.
        m_fleet->recordSnapshot(parisUrl, stats(paris, m_clock.now(), 2, 4));
        m_fleet->recordSnapshot(parisUrl, stats(paris, m_clock.now(), 4, 4));
        QCOMPARE(cell(u"acme-cad"_s, {}, FleetCountersModel::GrantedColumn), u"8"_s);
    }

    void staleReplicaIsMarked()
    {
        m_view->findChild<QSpinBox *>(u"staleSpin"_s)->setValue(1);
        m_fleet->recordSnapshot(lyonUrl, stats(lyon, m_clock.now(), 0, 4)); // lyon answered once
        m_clock.advance(90s);
        QTest::mouseClick(m_view->findChild<QPushButton *>(u"pollButton"_s), Qt::LeftButton);
        QVERIFY(cell(u"acme-cad"_s, u"bbbbbbbb"_s, 0).contains(u"stale"_s));
        QVERIFY(!cell(u"acme-cad"_s, u"aaaaaaaa"_s, 0).contains(u"stale"_s));
        QCOMPARE(cell(u"acme-cad"_s, {}, FleetCountersModel::GrantedColumn), u"6"_s); // still counted
    }

    void amnesiaIsListed()
    {
        QVERIFY(m_view->findChild<QLabel *>(u"noAmnesiaLabel"_s)->isVisible());
        const QJsonArray amnesia {QJsonObject {{u"kind"_s, u"peer_regressed"_s},
                                               {u"replicaId"_s, lyon},
                                               {u"licenseId"_s, u"acme-cad"_s},
                                               {u"counter"_s, u"granted"_s},
                                               {u"held"_s, 4},
                                               {u"reported"_s, 1},
                                               {u"at"_s, keyright::formatTimestamp(m_clock.now())}}};
        m_fleet->recordSnapshot(parisUrl, stats(paris, m_clock.now(), 1, 4, amnesia));
        auto *tree = m_view->findChild<QTreeWidget *>(u"amnesiaTree"_s);
        QVERIFY(tree->isVisible());
        QVERIFY(!m_view->findChild<QLabel *>(u"noAmnesiaLabel"_s)->isVisible());
        QCOMPARE(tree->topLevelItemCount(), 1);
        QCOMPARE(tree->topLevelItem(0)->text(0), u"bbbbbbbb…"_s);
        QCOMPARE(tree->topLevelItem(0)->text(3), u"4"_s);
        QCOMPARE(tree->topLevelItem(0)->text(4), u"1"_s);
    }
};

QTEST_MAIN(TestFleetView)
#include "tst_fleetview.moc"
