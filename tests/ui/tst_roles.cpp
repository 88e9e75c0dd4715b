// The dashboard under a named token's role: what a viewer and an operator may do, how a 403 and a
// revoked token are shown, and the Tokens dialog, against the real in-process server.

#include "AdminActions.h"
#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "ErrorBanner.h"
#include "LedgerBar.h"
#include "MainWindow.h"
#include "ManualClock.h"
#include "SeatsPage.h"
#include "TestServer.h"
#include "TokensDialog.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

class TestRoles final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void viewerSeesEverythingButMayChangeNothing();
    void operatorMayRevokeButNotEditLicenses();
    void forbiddenIsShownAsAClearMessage();
    void revokedTokenShowsTokenRevokedAndStops();
    void tokensDialogCreatesShowsOnceAndRevokes();

private:
    QByteArray createToken(const QString &name, const QString &role);
    void openWindow(const QByteArray &token);
    QAction *action(const char *name) const;
    void selectFirstHolder();
    // The Actions buttons of the Seats page's ledger lines that name alice's and bob's seats.
    QList<QToolButton *> heldLineButtons() const;
    // Saves the window or dialog into docs/ when KEYRIGHT_SCREENSHOT_DIR is set.
    void screenshot(QWidget *widget, const QString &file);

    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<TestServer> m_server;
    std::unique_ptr<DashboardHarness> m_dashboard;
    MainWindow *m_window = nullptr;
    DashboardSession *m_session = nullptr;
};

void TestRoles::init()
{
    m_clock = std::make_unique<ManualClock>();
    m_server = std::make_unique<TestServer>(TestServer::Options {.clock = m_clock.get(), .demo = true});
    QString error;
    QVERIFY2(m_server->start(&error), qPrintable(error));
    m_dashboard = std::make_unique<DashboardHarness>(DashboardHarness::Options {.clock = m_clock.get()});

    // Two holders on acme-cad, so that there is a seat to revoke.
    QFile keyFile(QDir(m_server->demoKeyDirectory()).filePath(u"acme-cad.key"_s));
    QVERIFY(keyFile.open(QIODevice::ReadOnly));
    const QByteArray key = keyFile.readAll().trimmed();
    for (const QString &holder : {u"alice@ws-12"_s, u"bob@ws-07"_s})
        QVERIFY(m_dashboard->takeSeat(m_server->url(), u"acme-cad"_s, key, holder));
}

void TestRoles::cleanup()
{
    m_window = nullptr;
    m_session = nullptr;
    m_dashboard.reset();
    m_server.reset();
}

QByteArray TestRoles::createToken(const QString &name, const QString &role)
{
    int status = 0;
    const QJsonObject created
        = m_server->adminCall("POST", u"/v1/tokens"_s, {{u"name"_s, name}, {u"role"_s, role}}, &status);
    return status == 201 ? created.value(u"secret"_s).toString().toLatin1() : QByteArray();
}

void TestRoles::openWindow(const QByteArray &token)
{
    m_window = &m_dashboard->open(m_server->url(), token, u"licenses.example"_s);
    m_session = &m_dashboard->session();
}

QAction *TestRoles::action(const char *name) const
{
    return m_window->findChild<QAction *>(QString::fromLatin1(name));
}

void TestRoles::selectFirstHolder()
{
    QTRY_COMPARE_WITH_TIMEOUT(m_window->seatsPage()->holdersProxy()->rowCount(), 2, 5000);
    m_window->seatsPage()->holdersView()->selectRow(0);
    QTRY_VERIFY(!m_window->seatsPage()->selectedSeats().isEmpty());
}

QList<QToolButton *> TestRoles::heldLineButtons() const
{
    QList<QToolButton *> buttons;
    const LedgerBar *ledger = m_window->seatsPage()->ledgerBar();
    if (!ledger->report())
        return buttons;
    const QList<SeatLedger::Line> &lines = ledger->report()->ledger.lines;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (!lines.at(i).holdings.isEmpty() && lines.at(i).category != SeatLedger::Category::Expired)
            buttons << ledger->lineButton(int(i));
    }
    return buttons;
}

void TestRoles::screenshot(QWidget *widget, const QString &file)
{
    const QString dir = qEnvironmentVariable("KEYRIGHT_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QTest::qWait(300); // let the last poll paint
    QVERIFY(widget->grab().save(QDir(dir).filePath(file)));
}

void TestRoles::viewerSeesEverythingButMayChangeNothing()
{
    const QByteArray token = createToken(u"sam"_s, u"viewer"_s);
    QVERIFY(!token.isEmpty());
    openWindow(token);
    auto *identity = m_window->findChild<QLabel *>(u"identityStatus"_s);
    QVERIFY(identity);
    QTRY_COMPARE_WITH_TIMEOUT(identity->text(), u"sam · viewer"_s, 5000);
    QVERIFY(m_window->statusText().contains(u"sam · viewer"_s));
    selectFirstHolder(); // a viewer reads the holders like anyone

    // Disabled, not hidden: support staff see what exists and who may do it.
    for (const char *name : {"actionRevoke", "actionReap"}) {
        QAction *a = action(name);
        QVERIFY2(a && !a->isEnabled(), name);
        QVERIFY2(a->toolTip().contains(u"Needs the operator role"_s), qPrintable(a->toolTip()));
        QVERIFY2(a->toolTip().contains(u"viewer"_s), qPrintable(a->toolTip()));
    }
    for (const char *name : {"actionNewLicense", "actionEditLicense", "actionRotateKey", "actionTokens"}) {
        QAction *a = action(name);
        QVERIFY2(a && !a->isEnabled(), name);
        QVERIFY2(a->toolTip().contains(u"Needs the admin role"_s), qPrintable(a->toolTip()));
    }
    // The ledger's lines show their actions disabled, saying which role they need.
    QTRY_VERIFY_WITH_TIMEOUT(!heldLineButtons().isEmpty(), 5000);
    for (QToolButton *button : heldLineButtons()) {
        QVERIFY(button);
        QVERIFY(button->isVisible());
        QVERIFY(!button->isEnabled());
        QVERIFY2(button->toolTip().contains(u"Needs the operator role"_s), qPrintable(button->toolTip()));
        QTest::mouseClick(button, Qt::LeftButton);
        m_window->seatsPage()->ledgerBar()->showLineMenu(0);
        QVERIFY(!m_window->seatsPage()->ledgerBar()->lineMenu()->isVisible());
    }
    // Delete on the holders table must not open a revoke dialog either.
    m_window->revokeSelected();
    QVERIFY(m_window->findChildren<QDialog *>().isEmpty());
    screenshot(m_window, u"roles-viewer-dashboard.png"_s);
}

void TestRoles::operatorMayRevokeButNotEditLicenses()
{
    const QByteArray token = createToken(u"dana"_s, u"operator"_s);
    QVERIFY(!token.isEmpty());
    openWindow(token);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"dana · operator"_s), 5000);
    selectFirstHolder();
    QTRY_VERIFY(action("actionRevoke")->isEnabled());
    QVERIFY(action("actionReap")->isEnabled());
    QVERIFY(!action("actionRevoke")->toolTip().contains(u"Needs"_s));
    // An operator revokes from the ledger's lines too.
    QTRY_VERIFY_WITH_TIMEOUT(!heldLineButtons().isEmpty(), 5000);
    for (QToolButton *button : heldLineButtons())
        QVERIFY(button && button->isEnabled());
    for (const char *name : {"actionNewLicense", "actionEditLicense", "actionRotateKey"}) {
        QAction *a = action(name);
        QVERIFY2(!a->isEnabled(), name);
        QVERIFY2(a->toolTip().contains(u"Needs the admin role"_s), qPrintable(a->toolTip()));
    }
    // A change of language keeps each action's own tooltip and the role reason apart.
    m_dashboard->languages().apply(u"fr"_s);
    QCoreApplication::processEvents();
    m_dashboard->languages().apply(u"en"_s);
    QCoreApplication::processEvents();
    QTRY_COMPARE(action("actionRevoke")->toolTip(), u"Revoke the selected seat (Delete)"_s);
    QVERIFY2(action("actionEditLicense")->toolTip().contains(u"Needs the admin role"_s),
             qPrintable(action("actionEditLicense")->toolTip()));
}

void TestRoles::forbiddenIsShownAsAClearMessage()
{
    // The server decides in the end: a command sent anyway comes back as a 403 that names the
    // role, never as a generic error.
    const QByteArray token = createToken(u"sam"_s, u"viewer"_s);
    openWindow(token);
    QTRY_VERIFY_WITH_TIMEOUT(m_session->identity().has_value(), 5000);
    QSignalSpy failed(&m_window->adminActions(), &AdminActions::failed);
    QVERIFY(m_window->adminActions().previewReap());
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 5000);
    QCOMPARE(failed.at(0).at(2).toString(),
             u"Not allowed: this needs the operator role, and this token has the viewer role."_s);
}

void TestRoles::revokedTokenShowsTokenRevokedAndStops()
{
    const QByteArray token = createToken(u"sam"_s, u"viewer"_s);
    openWindow(token);
    selectFirstHolder();
    QTRY_VERIFY_WITH_TIMEOUT(m_session->identity().has_value(), 5000);
    int status = 0;
    m_server->adminCall("DELETE", u"/v1/tokens/sam"_s, {}, &status);
    QCOMPARE(status, 204);

    QTRY_VERIFY_WITH_TIMEOUT(m_session->isTokenRevoked(), 5000);
    QTRY_VERIFY(m_window->errorBanner()->isVisible());
    QVERIFY2(m_window->errorBanner()->message().startsWith(u"Token revoked"_s),
             qPrintable(m_window->errorBanner()->message()));
    // Nothing else: no dialog, the last data stays, and no more polls are sent to be refused.
    QVERIFY(m_window->findChildren<QMessageBox *>().isEmpty());
    QCOMPARE(m_window->seatsPage()->holdersProxy()->rowCount(), 2);
    QVERIFY(!m_session->isPollInFlight());
    QTest::qWait(1000);
    QVERIFY(!m_session->isPollInFlight());
    QCOMPARE(m_session->failureCount(), 1);
}

void TestRoles::tokensDialogCreatesShowsOnceAndRevokes()
{
    openWindow(m_server->adminToken());
    QTRY_VERIFY_WITH_TIMEOUT(m_window->statusText().contains(u"bootstrap · admin"_s), 5000);
    QTRY_VERIFY(action("actionTokens")->isEnabled());
    TokensDialog dialog(m_window->adminActions(), m_window);
    dialog.show();
    const auto names = [&dialog] {
        QStringList all;
        for (int i = 0; i < dialog.list()->topLevelItemCount(); ++i)
            all << dialog.list()->topLevelItem(i)->text(TokensDialog::NameColumn);
        return all;
    };
    QTRY_COMPARE_WITH_TIMEOUT(names(), QStringList {u"bootstrap"_s}, 5000);

    dialog.findChild<QLineEdit *>(u"tokenName"_s)->setText(u"dana"_s);
    dialog.findChild<QComboBox *>(u"tokenRole"_s)->setCurrentIndex(1); // operator
    dialog.findChild<QComboBox *>(u"tokenExpires"_s)->setCurrentIndex(2); // 90 days
    dialog.create();
    QTRY_VERIFY_WITH_TIMEOUT(dialog.shownSecret().startsWith(u"krt-"_s), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(names(), (QStringList {u"bootstrap"_s, u"dana"_s}), 5000);
    const QTreeWidgetItem *dana = dialog.list()->topLevelItem(1);
    QCOMPARE(dana->text(TokensDialog::RoleColumn), u"operator"_s);
    QCOMPARE(dana->text(TokensDialog::LastUsedColumn), u"never"_s);
    QVERIFY(dana->text(TokensDialog::ExpiresColumn) != u"never"_s);
    screenshot(&dialog, u"roles-tokens-dialog.png"_s);

    // The bootstrap token cannot be revoked from here; dana can.
    dialog.list()->topLevelItem(0)->setSelected(true);
    QVERIFY(!dialog.findChild<QPushButton *>(u"revokeToken"_s)->isEnabled());
    dialog.list()->clearSelection();
    dialog.list()->topLevelItem(1)->setSelected(true);
    QVERIFY(dialog.findChild<QPushButton *>(u"revokeToken"_s)->isEnabled());
    dialog.revokeSelected(true);
    QTRY_COMPARE_WITH_TIMEOUT(names(), QStringList {u"bootstrap"_s}, 5000);
    QVERIFY2(dialog.statusText().contains(u"Revoked token dana"_s), qPrintable(dialog.statusText()));
    dialog.reject();
    QVERIFY(dialog.shownSecret().isEmpty());
}

} // namespace keyright

QTEST_MAIN(keyright::TestRoles)
#include "tst_roles.moc"
