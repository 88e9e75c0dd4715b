// AdminActions against the real lease server in this process (TestServer on a ManualClock):
// every command reaches the server, its outcome comes back as a signal, and the session shows the
// change at the poll the action asks for.

#include "AdminActions.h"
#include "AdminClient.h"
#include "CountingNetworkAccessManager.h"
#include "Crypto.h"
#include "DashboardSession.h"
#include "LeaseClient.h"
#include "ManualClock.h"
#include "TestServer.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

class TestAdminActions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void createEditAndRotateReachTheServer();
    void revokeTakesTheSeatAway();
    void reapPreviewsThenReclaims();
    void aRefusedCommandIsReportedWithItsSubject();
    void nothingIsSentWithoutAServer();
    void anAnswerFromTheLastServerIsIgnored();
    void overAFixedClientCommandsChainOnTheirAnswers();

private:
    std::optional<SeatLease> checkout(const QString &licenseId, const QByteArray &key, const QString &holder);
    const LicenseSummary *polledLicense(const QString &id) const { return m_session->licenses().license(id); }

    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<CountingNetworkAccessManager> m_network;
    std::unique_ptr<DashboardSession> m_session;
    std::unique_ptr<AdminActions> m_actions;
};

void TestAdminActions::initTestCase()
{
    QVERIFY(crypto::init());
}

void TestAdminActions::init()
{
    m_clock = std::make_unique<ManualClock>();
    m_server = std::make_unique<TestServer>(TestServer::Options {.clock = m_clock.get(), .demo = true});
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_network = std::make_unique<CountingNetworkAccessManager>();
    m_session = std::make_unique<DashboardSession>(*m_network, *m_clock);
    m_session->setPollInterval(10s); // polls only when an action asks for one
    m_actions = std::make_unique<AdminActions>(*m_session);
    m_session->connectTo(m_server->url(), m_server->adminToken(), u"test"_s);
    QTRY_COMPARE_WITH_TIMEOUT(m_session->state(), DashboardSession::State::Connected, 5000);
}

void TestAdminActions::cleanup()
{
    m_actions.reset();
    m_session.reset();
    m_network.reset();
    m_server.reset();
    m_clock.reset();
}

std::optional<SeatLease> TestAdminActions::checkout(const QString &licenseId, const QByteArray &key,
                                                    const QString &holder)
{
    LeaseClient client(*m_network);
    client.setServerUrl(m_server->url());
    client.setLicense(licenseId, key);
    std::optional<LeaseOutcome> outcome;
    client.checkout(holder, this, [&outcome](const LeaseOutcome &o) { outcome = o; });
    if (!QTest::qWaitFor([&] { return outcome.has_value(); }, 5000))
        return std::nullopt;
    if (const auto *granted = std::get_if<outcome::Granted>(&*outcome))
        return granted->lease;
    return std::nullopt;
}

void TestAdminActions::createEditAndRotateReachTheServer()
{
    QSignalSpy busy(m_actions.get(), &AdminActions::busyChanged);
    QSignalSpy created(m_actions.get(), &AdminActions::licenseCreated);
    QVERIFY(m_actions->createLicense(LicenseSpec {u"lab-cad"_s, u"Lab CAD"_s, 2, 30, 2, 6}));
    QVERIFY(m_actions->isBusy());
    QTRY_COMPARE_WITH_TIMEOUT(created.size(), 1, 5000);
    QCOMPARE(created.at(0).at(0).toString(), u"lab-cad"_s);
    const QString firstKey = created.at(0).at(1).toString();
    QVERIFY(!firstKey.isEmpty());
    QVERIFY(!m_actions->isBusy());
    QCOMPARE(busy.size(), 2);
    // The action asked the session for a poll: the new license is listed without waiting 10 s.
    QTRY_VERIFY_WITH_TIMEOUT(polledLicense(u"lab-cad"_s) != nullptr, 5000);
    QCOMPARE(polledLicense(u"lab-cad"_s)->seatCount, 2);
    // The key works.
    QVERIFY(checkout(u"lab-cad"_s, firstKey.toUtf8(), u"ann@lab"_s));

    QSignalSpy saved(m_actions.get(), &AdminActions::licenseSaved);
    QVERIFY(m_actions->editLicense(LicenseSpec {u"lab-cad"_s, u"Lab CAD"_s, 5, 30, 2, 6}));
    QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 5000);
    QCOMPARE(saved.at(0).at(0).toString(), u"lab-cad"_s);
    QTRY_COMPARE_WITH_TIMEOUT(polledLicense(u"lab-cad"_s)->seatCount, 5, 5000);

    QSignalSpy rotated(m_actions.get(), &AdminActions::keyRotated);
    QVERIFY(m_actions->rotateKey(u"lab-cad"_s));
    QTRY_COMPARE_WITH_TIMEOUT(rotated.size(), 1, 5000);
    const QString newKey = rotated.at(0).at(1).toString();
    QVERIFY(!newKey.isEmpty());
    QVERIFY(newKey != firstKey);
    QVERIFY(!checkout(u"lab-cad"_s, firstKey.toUtf8(), u"bob@lab"_s));
    QVERIFY(checkout(u"lab-cad"_s, newKey.toUtf8(), u"bob@lab"_s));
}

void TestAdminActions::revokeTakesTheSeatAway()
{
    QSignalSpy created(m_actions.get(), &AdminActions::licenseCreated);
    m_actions->createLicense(LicenseSpec {u"lab-cad"_s, u"Lab CAD"_s, 2, 30, 2, 6});
    QTRY_COMPARE_WITH_TIMEOUT(created.size(), 1, 5000);
    const QByteArray key = created.at(0).at(1).toString().toUtf8();
    const auto lease = checkout(u"lab-cad"_s, key, u"ann@lab"_s);
    QVERIFY(lease);
    m_session->setSelectedLicenses({u"lab-cad"_s});
    QTRY_COMPARE_WITH_TIMEOUT(m_session->leases().rowCount(), 1, 5000);

    QSignalSpy revoked(m_actions.get(), &AdminActions::revoked);
    RevokeRequest request;
    request.licenseId = u"lab-cad"_s;
    request.seatId = lease->seatId;
    request.reason = u"left"_s;
    QVERIFY(m_actions->revoke(request, u"ann@lab"_s));
    QTRY_COMPARE_WITH_TIMEOUT(revoked.size(), 1, 5000);
    QCOMPARE(revoked.at(0).at(1).toString(), lease->seatId);
    QCOMPARE(revoked.at(0).at(2).toString(), u"ann@lab"_s);
    // The poll the action asked for drops the row; the seat is free again.
    QTRY_COMPARE_WITH_TIMEOUT(m_session->leases().rowCount(), 0, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(polledLicense(u"lab-cad"_s)->inUse, 0, 5000);
}

void TestAdminActions::reapPreviewsThenReclaims()
{
    QSignalSpy created(m_actions.get(), &AdminActions::licenseCreated);
    m_actions->createLicense(LicenseSpec {u"kiosk"_s, u"Kiosk"_s, 3, 15, 2, 5});
    QTRY_COMPARE_WITH_TIMEOUT(created.size(), 1, 5000);
    const QByteArray key = created.at(0).at(1).toString().toUtf8();
    QVERIFY(checkout(u"kiosk"_s, key, u"kiosk@lab-2"_s));
    m_clock->advance(15s + 5s + 1s); // past its expiry and grace: reapable

    QSignalSpy previewed(m_actions.get(), &AdminActions::reapPreviewed);
    QVERIFY(m_actions->previewReap());
    QTRY_COMPARE_WITH_TIMEOUT(previewed.size(), 1, 5000);
    const auto preview = previewed.at(0).at(0).value<ReapResult>();
    QCOMPARE(preview.reaped, 1);
    QCOMPARE(preview.seats.size(), 1);
    QCOMPARE(preview.seats.at(0).holder, u"kiosk@lab-2"_s);

    // The preview deleted nothing: a second one finds the same row.
    previewed.clear();
    m_actions->previewReap();
    QTRY_COMPARE_WITH_TIMEOUT(previewed.size(), 1, 5000);
    QCOMPARE(previewed.at(0).at(0).value<ReapResult>().reaped, 1);

    QSignalSpy reaped(m_actions.get(), &AdminActions::reaped);
    QVERIFY(m_actions->reap());
    QTRY_COMPARE_WITH_TIMEOUT(reaped.size(), 1, 5000);
    QCOMPARE(reaped.at(0).at(0).toInt(), 1);
    previewed.clear();
    m_actions->previewReap();
    QTRY_COMPARE_WITH_TIMEOUT(previewed.size(), 1, 5000);
    QCOMPARE(previewed.at(0).at(0).value<ReapResult>().reaped, 0);
}

void TestAdminActions::aRefusedCommandIsReportedWithItsSubject()
{
    QSignalSpy failed(m_actions.get(), &AdminActions::failed);
    QSignalSpy saved(m_actions.get(), &AdminActions::licenseSaved);
    // A reap grace inside the skew is a policy the server refuses.
    QVERIFY(m_actions->editLicense(LicenseSpec {u"acme-cad"_s, u"ACME CAD"_s, 10, 60, 30, 10}));
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 5000);
    QCOMPARE(failed.at(0).at(0).value<AdminActions::Action>(), AdminActions::Action::EditLicense);
    QCOMPARE(failed.at(0).at(1).toString(), u"acme-cad"_s);
    QVERIFY(!failed.at(0).at(2).toString().isEmpty());
    QCOMPARE(saved.size(), 0);
    QVERIFY(!m_actions->isBusy());

    failed.clear();
    m_actions->rotateKey(u"no-such-license"_s);
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 5000);
    QCOMPARE(failed.at(0).at(0).value<AdminActions::Action>(), AdminActions::Action::RotateKey);
    QCOMPARE(failed.at(0).at(1).toString(), u"no-such-license"_s);
}

void TestAdminActions::nothingIsSentWithoutAServer()
{
    m_session->disconnectFromServer();
    QVERIFY(!m_actions->isAvailable());
    const int before = m_network->pending();
    QVERIFY(!m_actions->previewReap());
    QVERIFY(!m_actions->reap());
    QVERIFY(!m_actions->rotateKey(u"acme-cad"_s));
    QVERIFY(!m_actions->createLicense(LicenseSpec {u"x"_s, u"X"_s, 1, 30, 2, 6}));
    QVERIFY(!m_actions->revoke(RevokeRequest {u"acme-cad"_s, u"00"_s, {}, 0s}, u"ann"_s));
    QCOMPARE(m_network->pending(), before);
    QVERIFY(!m_actions->isBusy());
}

void TestAdminActions::anAnswerFromTheLastServerIsIgnored()
{
    QSignalSpy created(m_actions.get(), &AdminActions::licenseCreated);
    QSignalSpy busy(m_actions.get(), &AdminActions::busyChanged);
    QVERIFY(m_actions->createLicense(LicenseSpec {u"lab-cad"_s, u"Lab CAD"_s, 2, 30, 2, 6}));
    QVERIFY(m_actions->isBusy());
    const quint64 sentBefore = m_network->sentSoFar();
    // Connecting again (another profile, the same server here) leaves the command behind.
    m_session->connectTo(m_server->url(), m_server->adminToken(), u"again"_s);
    QVERIFY(!m_actions->isBusy());
    QCOMPARE(busy.size(), 2);
    // The old connection's requests end with it (aborted, not left to an answer nobody reads),
    // whatever the new one goes on sending.
    const QStringList leftOpen = m_network->openAmongFirst(sentBefore);
    QVERIFY2(leftOpen.isEmpty(), qPrintable(leftOpen.join(u", "_s)));
    // The new connection's first poll lists the licenses; the command's answer was still never
    // reported, and no request was dropped without an end.
    QTRY_COMPARE_WITH_TIMEOUT(m_session->state(), DashboardSession::State::Connected, 10000);
    QCOMPARE(created.size(), 0);
    QVERIFY(!m_actions->isBusy());
    QVERIFY2(m_network->abandoned().isEmpty(), qPrintable(m_network->abandoned().join(u", "_s)));
}

void TestAdminActions::overAFixedClientCommandsChainOnTheirAnswers()
{
    // The simulator's and the embedded demo's: one admin client, no session.
    AdminClient admin(*m_network, *m_clock);
    admin.setServerUrl(m_server->url());
    admin.setAdminToken(m_server->adminToken());
    AdminActions actions(admin);
    QVERIFY(actions.isAvailable());
    QVERIFY(actions.isAllowed(AdminActions::Action::CreateLicense)); // the server decides

    // putLicense creates, with the key in the signal and in `done`...
    QSignalSpy created(&actions, &AdminActions::licenseCreated);
    QSignalSpy saved(&actions, &AdminActions::licenseSaved);
    std::optional<AdminResult<LicenseWriteResult>> put;
    QVERIFY(actions.putLicense(LicenseSpec {u"sim-lab"_s, u"Sandbox"_s, 2, 30, 2, 6},
                               [&put](const AdminResult<LicenseWriteResult> &r) { put = r; }));
    QTRY_VERIFY_WITH_TIMEOUT(put.has_value(), 5000);
    QVERIFY(put->ok());
    QVERIFY(put->value->created);
    QCOMPARE(created.size(), 1);
    QCOMPARE(created.at(0).at(1).toString(), put->value->key);
    QVERIFY(checkout(u"sim-lab"_s, put->value->key.toUtf8(), u"ann@lab"_s));
    // ... and the second time updates, with no key.
    put.reset();
    actions.putLicense(LicenseSpec {u"sim-lab"_s, u"Sandbox"_s, 3, 30, 2, 6},
                       [&put](const AdminResult<LicenseWriteResult> &r) { put = r; });
    QTRY_VERIFY_WITH_TIMEOUT(put.has_value(), 5000);
    QVERIFY(put->ok() && !put->value->created && put->value->key.isEmpty());
    QCOMPARE(saved.size(), 1);
    QCOMPARE(created.size(), 1);

    // A refusal reaches `done` with the error's kind, after failed().
    QSignalSpy failed(&actions, &AdminActions::failed);
    std::optional<AdminResult<QString>> rotated;
    actions.rotateKey(u"no-such-license"_s, [&](const AdminResult<QString> &r) {
        QCOMPARE(failed.size(), 1);
        rotated = r;
    });
    QTRY_VERIFY_WITH_TIMEOUT(rotated.has_value(), 5000);
    QVERIFY(!rotated->ok());
    QCOMPARE(rotated->error.kind, ClientError::Kind::NotFound);

    // Seat rules alone, on an existing license: the server keeps them.
    QSignalSpy rulesSaved(&actions, &AdminActions::rulesSaved);
    SeatRules rules;
    rules.deny = {u"*@kiosk-*"_s};
    QVERIFY(actions.saveRules(u"sim-lab"_s, rules));
    QTRY_COMPARE_WITH_TIMEOUT(rulesSaved.size(), 1, 5000);
    QCOMPARE(rulesSaved.at(0).at(1).value<SeatRules>().deny, rules.deny);
    std::optional<AdminResult<SeatRules>> read;
    admin.rules(u"sim-lab"_s, this, [&read](const AdminResult<SeatRules> &r) { read = r; });
    QTRY_VERIFY_WITH_TIMEOUT(read.has_value(), 5000);
    QVERIFY(read->ok());
    QCOMPARE(read->value->deny, rules.deny);
    QTRY_COMPARE_WITH_TIMEOUT(m_network->pending(), 0, 5000);
    QVERIFY(!actions.isBusy());
}

QTEST_GUILESS_MAIN(TestAdminActions)
#include "tst_adminactions.moc"
