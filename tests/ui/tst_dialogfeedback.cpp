// Issue 23's pass over the license and token dialogs: a new reservation or cap row starts valid
// (a group, one seat), a cap of 0 is explained, the Remove button of a row shows whole on a
// screen of 853x480 (1280x720 at 150 %), and Create says in the status bar that the license was
// created. A viewer pressing Delete on a seat is told the role it needs; the Tokens dialog writes
// ISO dates; the pasted-token field describes both kinds of token the server accepts.
// Offscreen, real widgets, against the in-process server where the window needs one.

#include "AdminActions.h"
#include "ConnectionDialog.h"
#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "DashboardSettings.h"
#include "GroupsDialog.h"
#include "KeyRevealDialog.h"
#include "LanguageManager.h"
#include "LicenseDialog.h"
#include "MainWindow.h"
#include "ManualClock.h"
#include "SeatsPage.h"
#include "TestServer.h"
#include "TokensDialog.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>

#include <memory>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

QList<HolderGroup> twoGroups()
{
    return {{u"render"_s, {u"*@render-*"_s}}, {u"contractors"_s, {u"*@contractor-*"_s}}};
}

QPushButton *okButton(QDialog &dialog)
{
    return dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
}

QComboBox *groupOf(QTableWidget *table, int row)
{
    return qobject_cast<QComboBox *>(table->cellWidget(row, 0));
}

QSpinBox *seatsOf(QTableWidget *table, int row)
{
    return qobject_cast<QSpinBox *>(table->cellWidget(row, 1));
}

QToolButton *removeOf(QTableWidget *table, int row)
{
    return qobject_cast<QToolButton *>(table->cellWidget(row, 2));
}

// A new license dialog with a valid id and name typed in, as a person would.
void typeIdAndName(LicenseDialog &dialog, const QString &id)
{
    QTest::keyClicks(dialog.findChild<QLineEdit *>(u"licenseId"_s), id);
    QTest::keyClicks(dialog.findChild<QLineEdit *>(u"licenseName"_s), u"New CAD"_s);
}

} // namespace

class TestDialogFeedback final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void newRuleRowsStartValid();
    void capOfZeroIsExplained();
    void removeButtonShowsWholeOnASmallScreen_data();
    void removeButtonShowsWholeOnASmallScreen();
    void createSaysTheLicenseWasCreated();

    void viewerPressingDeleteIsToldTheRoleNeeded();
    void tokenDatesAreIso();
    void pastedTokenFieldDescribesBothForms_data();
    void pastedTokenFieldDescribesBothForms();
    void typingAnInstanceListLeavesTheFieldsBelowInPlace();

private:
    LanguageManager m_languages;
};

void TestDialogFeedback::cleanup()
{
    m_languages.apply(u"en"_s);
}

void TestDialogFeedback::newRuleRowsStartValid()
{
    LicenseDialog dialog(std::nullopt, {});
    dialog.setRules({}, twoGroups());
    dialog.show();
    typeIdAndName(dialog, u"acme-new"_s);
    QVERIFY(okButton(dialog)->isEnabled());
    auto *reserveMessage = dialog.findChild<QLabel *>(u"reserveMessage"_s);
    auto *maxMessage = dialog.findChild<QLabel *>(u"maxMessage"_s);
    auto *addReservation = dialog.findChild<QPushButton *>(u"addReservation"_s);
    auto *addCap = dialog.findChild<QPushButton *>(u"addCap"_s);

    // A new row: no red message before the person had a chance to pick, and Create stays possible.
    QTest::mouseClick(addReservation, Qt::LeftButton);
    QCOMPARE(dialog.reserveTable()->rowCount(), 1);
    QVERIFY2(!reserveMessage->isVisible(), qPrintable(reserveMessage->text()));
    QVERIFY2(dialog.rulesMessage().isEmpty(), qPrintable(dialog.rulesMessage()));
    QCOMPARE(groupOf(dialog.reserveTable(), 0)->currentText(), u"render"_s);
    QCOMPARE(seatsOf(dialog.reserveTable(), 0)->value(), 1);
    QVERIFY(okButton(dialog)->isEnabled());

    // A new cap lets one seat in, not none.
    QTest::mouseClick(addCap, Qt::LeftButton);
    QVERIFY2(!maxMessage->isVisible(), qPrintable(maxMessage->text()));
    QCOMPARE(groupOf(dialog.maxTable(), 0)->currentText(), u"render"_s);
    QCOMPARE(seatsOf(dialog.maxTable(), 0)->value(), 1);
    QVERIFY(!dialog.findChild<QLabel *>(u"maxNote"_s)->isVisible());
    QVERIFY(okButton(dialog)->isEnabled());

    // The next row takes the next group; once every group has a row, the button says why it is off.
    QTest::mouseClick(addReservation, Qt::LeftButton);
    QCOMPARE(groupOf(dialog.reserveTable(), 1)->currentText(), u"contractors"_s);
    QVERIFY2(dialog.rulesMessage().isEmpty(), qPrintable(dialog.rulesMessage()));
    QVERIFY(!addReservation->isEnabled());
    QVERIFY2(addReservation->toolTip().contains(u"Holder groups"_s), qPrintable(addReservation->toolTip()));
    QVERIFY(addCap->isEnabled());
    QTest::mouseClick(removeOf(dialog.reserveTable(), 1), Qt::LeftButton);
    QCOMPARE(dialog.reserveTable()->rowCount(), 1);
    QVERIFY(addReservation->isEnabled());

    SeatRules expected;
    expected.reserve = {{u"render"_s, 1}};
    expected.max = {{u"render"_s, 1}};
    QCOMPARE(dialog.rules(), expected);

    // No groups at all: no row to add, and the summary and the tooltip say where groups are made.
    LicenseDialog empty(std::nullopt, {});
    empty.setRules({}, {});
    empty.show();
    auto *emptyAdd = empty.findChild<QPushButton *>(u"addReservation"_s);
    QVERIFY(!emptyAdd->isEnabled());
    QVERIFY2(emptyAdd->toolTip().contains(u"Holder groups"_s), qPrintable(emptyAdd->toolTip()));
    QCOMPARE(empty.reserveTable()->rowCount(), 0);
}

void TestDialogFeedback::capOfZeroIsExplained()
{
    LicenseDialog dialog(std::nullopt, {});
    dialog.setRules({}, twoGroups());
    dialog.show();
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    typeIdAndName(dialog, u"acme-new"_s);
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"addCap"_s), Qt::LeftButton);
    QSpinBox *cap = seatsOf(dialog.maxTable(), 0);
    auto *note = dialog.findChild<QLabel *>(u"maxNote"_s);
    QVERIFY2(note, "nothing in the dialog explains a cap of 0");
    QVERIFY(!note->isVisible());

    // Typed down to 0: the server accepts it, so Create stays on, but the dialog says what it does.
    cap->setFocus();
    QTest::keyClick(cap, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(cap, u"0"_s);
    QCOMPARE(cap->value(), 0);
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().contains(u"render"_s) && note->text().contains(u"shuts out"_s), qPrintable(note->text()));
    QVERIFY(okButton(dialog)->isEnabled());
    QTest::keyClick(cap, Qt::Key_Up);
    QCOMPARE(cap->value(), 1);
    QVERIFY(!note->isVisible());
}

void TestDialogFeedback::removeButtonShowsWholeOnASmallScreen_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << u"en"_s;
    QTest::newRow("French") << u"fr"_s;
}

void TestDialogFeedback::removeButtonShowsWholeOnASmallScreen()
{
    QFETCH(QString, language);
    m_languages.apply(language);
    LicenseDialog dialog(std::nullopt, {});
    dialog.setRules({}, twoGroups());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // Opened within the screen (the offscreen one is 800 wide)...
    const QRect screen = dialog.screen()->availableGeometry();
    QVERIFY2(
        dialog.width() <= screen.width() && dialog.height() <= screen.height(),
        qPrintable(
            u"%1x%2 on %3x%4"_s.arg(dialog.width()).arg(dialog.height()).arg(screen.width()).arg(screen.height())));
    // ... and on 1280x720 at 150 %: 853x480 logical pixels for the whole dialog.
    dialog.resize(853, 480);
    QCoreApplication::processEvents();
    QVERIFY2(dialog.width() <= 853 && dialog.height() <= 480,
             qPrintable(u"%1x%2"_s.arg(dialog.width()).arg(dialog.height())));

    // The first row of each empty table, added by the person.
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"addReservation"_s), Qt::LeftButton);
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"addCap"_s), Qt::LeftButton);
    QCoreApplication::processEvents();
    for (QTableWidget *table : {dialog.reserveTable(), dialog.maxTable()}) {
        QCOMPARE(table->rowCount(), 1);
        QToolButton *remove = removeOf(table, 0);
        QSpinBox *seats = seatsOf(table, 0);
        QVERIFY(remove && seats);
        const QString where = u"%1: \"%2\" in %3 px, needs %4; seats in %5 px, need %6"_s.arg(table->objectName())
                                  .arg(remove->text())
                                  .arg(remove->width())
                                  .arg(remove->sizeHint().width())
                                  .arg(seats->width())
                                  .arg(seats->sizeHint().width());
        // As wide as the text needs, and inside the visible part of the table.
        QVERIFY2(remove->width() >= remove->sizeHint().width(), qPrintable(where));
        QVERIFY2(seats->width() >= seats->sizeHint().width(), qPrintable(where));
        QVERIFY2(table->viewport()->rect().contains(remove->geometry()), qPrintable(where));
    }
}

void TestDialogFeedback::createSaysTheLicenseWasCreated()
{
    ManualClock clock;
    TestServer server(TestServer::Options {.clock = &clock});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    auto *newLicense = window.findChild<QAction *>(u"actionNewLicense"_s);
    QTRY_VERIFY_WITH_TIMEOUT(newLicense->isEnabled(), 5000);
    newLicense->trigger();
    LicenseDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = window.findChild<LicenseDialog *>()) != nullptr, 5000);
    typeIdAndName(*dialog, u"acme-new"_s);

    // A group made in the dialog, so that the groups are saved first, then the license.
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"editGroups"_s), Qt::LeftButton);
    auto *groups = dialog->findChild<GroupsDialog *>();
    QVERIFY(groups);
    QTest::mouseClick(groups->findChild<QPushButton *>(u"addGroup"_s), Qt::LeftButton);
    QTest::keyClicks(groups->editorAt(0, 0), u"render"_s);
    QTest::keyClicks(groups->editorAt(0, 1), u"*@render-*"_s);
    QTest::mouseClick(okButton(*groups), Qt::LeftButton);
    QVERIFY(dialog->groupsChanged());
    QVERIFY2(okButton(*dialog)->isEnabled(), qPrintable(dialog->validationMessage() + dialog->rulesMessage()));
    QTest::mouseClick(okButton(*dialog), Qt::LeftButton);

    // The key is shown once; the status bar says what happened to the license, not to the groups.
    QTRY_VERIFY_WITH_TIMEOUT(window.findChild<KeyRevealDialog *>(), 5000);
    const QString message = window.statusBar()->currentMessage();
    QVERIFY2(message.contains(u"Created the license acme-new"_s), qPrintable(message));
}

void TestDialogFeedback::viewerPressingDeleteIsToldTheRoleNeeded()
{
    ManualClock clock;
    TestServer server(TestServer::Options {.clock = &clock, .demo = true});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock});
    QFile keyFile(QDir(server.demoKeyDirectory()).filePath(u"acme-cad.key"_s));
    QVERIFY(keyFile.open(QIODevice::ReadOnly));
    QVERIFY(dashboard.takeSeat(server.url(), u"acme-cad"_s, keyFile.readAll().trimmed(), u"alice@ws-12"_s));
    int status = 0;
    const QJsonObject created
        = server.adminCall("POST", u"/v1/tokens"_s, {{u"name"_s, u"sam"_s}, {u"role"_s, u"viewer"_s}}, &status);
    QCOMPARE(status, 201);
    MainWindow &window = dashboard.open(server.url(), created.value(u"secret"_s).toString().toLatin1());
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTRY_VERIFY_WITH_TIMEOUT(window.statusText().contains(u"sam · viewer"_s), 5000);
    QTableView *holders = window.seatsPage()->holdersView();
    QTRY_COMPARE_WITH_TIMEOUT(window.seatsPage()->holdersProxy()->rowCount(), 1, 5000);
    holders->setFocus();
    holders->selectRow(0);
    QTRY_VERIFY(!window.seatsPage()->selectedSeats().isEmpty());
    QVERIFY(holders->hasFocus());

    QTest::keyClick(holders, Qt::Key_Delete);
    const QString message = window.statusBar()->currentMessage();
    QVERIFY2(message.contains(u"operator role"_s) && message.contains(u"viewer role"_s) && message.contains(u"sam"_s),
             qPrintable(message));
    QVERIFY(window.findChildren<QDialog *>().isEmpty());
}

void TestDialogFeedback::tokenDatesAreIso()
{
    QNetworkAccessManager network;
    ManualClock clock;
    DashboardSession session(network, clock);
    AdminActions actions(session);
    TokensDialog dialog(actions);
    dialog.show();
    // 1 December: 01/12 in one country, 12/01 in another.
    const QDateTime created(QDate(2026, 12, 1), QTime(9, 30), Qt::UTC);
    const QDateTime expires(QDate(2027, 3, 1), QTime(9, 30), Qt::UTC);
    TokenList list;
    list.serverTime = created;
    list.tokens = {AccessTokenInfo {u"dana"_s, AccessRole::Operator, created, expires, {}}};
    Q_EMIT actions.tokensListed(list);
    QCOMPARE(dialog.list()->topLevelItemCount(), 1);
    const QTreeWidgetItem *dana = dialog.list()->topLevelItem(0);
    const QRegularExpression iso(u"^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$"_s);
    for (const int column : {int(TokensDialog::CreatedColumn), int(TokensDialog::ExpiresColumn)})
        QVERIFY2(iso.match(dana->text(column)).hasMatch(), qPrintable(dana->text(column)));
    QCOMPARE(dana->text(TokensDialog::CreatedColumn), created.toLocalTime().toString(u"yyyy-MM-dd HH:mm"_s));
    QCOMPARE(dana->text(TokensDialog::LastUsedColumn), u"never"_s);
}

void TestDialogFeedback::pastedTokenFieldDescribesBothForms_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("bothForms");
    QTest::newRow("English") << u"en"_s << u"krt- and 64 hex digits, or 64 hex digits"_s;
    QTest::newRow("French") << u"fr"_s << u"krt- et 64 chiffres hexa, ou 64 chiffres hexa"_s;
}

void TestDialogFeedback::pastedTokenFieldDescribesBothForms()
{
    QFETCH(QString, language);
    QFETCH(QString, bothForms);
    m_languages.apply(language);
    QTemporaryDir dir;
    DashboardSettings settings(dir.filePath(u"admin.ini"_s));
    ConnectionProfileStore store(settings, dir.filePath(u"tokens"_s));
    ConnectionDialog dialog(store, {});
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *token = dialog.findChild<QLineEdit *>(u"token"_s);
    QVERIFY(token);
    // A named token is krt- and 64 hex digits; the bootstrap admin-token file holds 64 hex digits.
    const QString placeholder = token->placeholderText();
    QCOMPARE(placeholder, bothForms);
    QVERIFY2(token->toolTip().contains(u"krt-"_s) && token->toolTip().contains(u"admin-token"_s),
             qPrintable(token->toolTip()));
    // Read whole in the empty field.
    QVERIFY2(
        token->fontMetrics().horizontalAdvance(placeholder) < token->width() - 8,
        qPrintable(
            u"%1 px in a field of %2"_s.arg(token->fontMetrics().horizontalAdvance(placeholder)).arg(token->width())));
}

QTEST_MAIN(TestDialogFeedback)
// Walk 48: the hint under the URL ("3 instances of one site") appeared as the list was typed and
// pushed the token file field down, so the click aimed at it landed in the URL.
void TestDialogFeedback::typingAnInstanceListLeavesTheFieldsBelowInPlace()
{
    QTemporaryDir dir;
    DashboardSettings settings(dir.filePath(u"admin.ini"_s));
    ConnectionProfileStore store(settings, dir.filePath(u"tokens"_s));
    ConnectionDialog dialog(store, {});
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *url = dialog.findChild<QLineEdit *>(u"serverUrl"_s);
    auto *tokenFile = dialog.findChild<QLineEdit *>(u"tokenFile"_s);
    auto *state = dialog.findChild<QLabel *>(u"serverUrlState"_s);
    QVERIFY(url && tokenFile && state);
    const int before = tokenFile->mapTo(&dialog, QPoint()).y();
    QTest::keyClicks(url, u"http://127.0.0.1:37401,http://127.0.0.1:37402"_s);
    QCoreApplication::processEvents();
    QVERIFY2(state->text().contains(u"2 instances of one site"_s), qPrintable(state->text()));
    QCOMPARE(tokenFile->mapTo(&dialog, QPoint()).y(), before);
    // Where the person aims, the field is.
    QTest::mouseClick(tokenFile, Qt::LeftButton);
    QTest::keyClicks(QApplication::focusWidget(), u"/tmp/admin-token"_s);
    QCOMPARE(tokenFile->text(), u"/tmp/admin-token"_s);
    QCOMPARE(url->text(), u"http://127.0.0.1:37401,http://127.0.0.1:37402"_s);

    // Walk 49: a path pasted into the list by mistake is pointed out before connecting.
    QTest::mouseClick(url, Qt::LeftButton);
    QTest::keyClick(url, Qt::Key_End);
    QTest::keyClicks(url, u"/work/ha/admin-token"_s);
    QCoreApplication::processEvents();
    QVERIFY2(state->text().contains(u"The path /work/ha/admin-token goes before every request"_s),
             qPrintable(state->text()));
    QCOMPARE(state->toolTip(), u"http://127.0.0.1:37402/work/ha/admin-token"_s);
    QCOMPARE(tokenFile->mapTo(&dialog, QPoint()).y(), before);
}

#include "tst_dialogfeedback.moc"
