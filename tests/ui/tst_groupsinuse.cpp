// Issue 23, items 8 and 15: the holder groups dialog says as the admin removes or renames a group
// that a license's seat rules use, in the interface's language, and keeps every edit when the
// server refuses a save anyway (the rules changed meanwhile); an error code the dashboard knows is
// said in its own translated sentence, the server's English words only as detail. Offscreen, real
// widgets driven with the mouse and the keyboard, against the in-process server where the window
// needs one.

#include "AdminActions.h"
#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "GroupsDialog.h"
#include "LanguageManager.h"
#include "LicenseDialog.h"
#include "MainWindow.h"
#include "ManualClock.h"
#include "TestServer.h"
#include "wire/ErrorBody.h"
#include "wire/SeatRulesJson.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableWidget>
#include <QTest>

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

// Selects a row of the groups table with the mouse (on the row, beside its editors' text).
void clickRow(GroupsDialog &dialog, int row)
{
    QTableWidget *table = dialog.table();
    const QRect cell = table->visualRect(table->model()->index(row, 0));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
}

} // namespace

class TestGroupsInUse final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void removingAGroupTheRulesUseIsSaidAsTyped_data();
    void removingAGroupTheRulesUseIsSaidAsTyped();
    void aRefusalKeepsTheDialogOpenWithEveryEdit();
    void theLicenseDialogsGroupsKnowTheRules();
    void coreChecksAreSaidInTheInterfacesLanguage();
    void knownErrorCodesAreSaidInTheInterfacesLanguage_data();
    void knownErrorCodesAreSaidInTheInterfacesLanguage();

private:
    LanguageManager m_languages;
};

void TestGroupsInUse::cleanup()
{
    m_languages.apply(u"en"_s);
}

void TestGroupsInUse::removingAGroupTheRulesUseIsSaidAsTyped_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("removed");
    QTest::addColumn<QString>("renamed");
    QTest::newRow("English") << u"en"_s
                             << u"The group render cannot go: the seat rules of 2 licenses use it: acme-cad "
                                "(reservation); render-farm (allow list, deny list). Take it out of those rules "
                                "first, or keep the group."_s
                             << u"The group contractors cannot go: the seat rules of 1 license use it: render-farm "
                                "(cap). Take it out of those rules first, or keep the group."_s;
    QTest::newRow("French") << u"fr"_s
                            << u"Le groupe render ne peut pas disparaître : les règles de sièges de 2 licences "
                               "l'utilisent : acme-cad (réservation) ; render-farm (liste d'autorisation, liste "
                               "d'exclusion). Retirez-le d'abord de ces règles, ou gardez le groupe."_s
                            << u"Le groupe contractors ne peut pas disparaître : les règles de sièges de 1 licence "
                               "l'utilisent : render-farm (plafond). Retirez-le d'abord de ces règles, ou gardez le "
                               "groupe."_s;
}

void TestGroupsInUse::removingAGroupTheRulesUseIsSaidAsTyped()
{
    QFETCH(QString, language);
    QFETCH(QString, removed);
    QFETCH(QString, renamed);
    QCOMPARE(m_languages.apply(language), language);

    SeatRules acme;
    acme.reserve = {{u"render"_s, 2}};
    SeatRules farm;
    farm.allow = {u"render"_s};
    farm.deny = {u"render"_s}; // odd, but the server accepts it
    farm.max = {{u"contractors"_s, 3}};
    GroupsDialog dialog(twoGroups());
    dialog.setLicenseRules({{u"acme-cad"_s, acme}, {u"render-farm"_s, farm}, {u"other"_s, SeatRules {}}});
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(okButton(dialog)->isEnabled());

    // render's row, then Remove: said at once, in one sentence naming the licenses and the rules.
    clickRow(dialog, 0);
    QCOMPARE(dialog.table()->currentRow(), 0);
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"removeGroup"_s), Qt::LeftButton);
    QCOMPARE(dialog.table()->rowCount(), 1);
    QCOMPARE(dialog.validationMessage(), removed);
    QVERIFY(!okButton(dialog)->isEnabled());

    // Made again (same name, other patterns): nothing is lost, Save is back.
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"addGroup"_s), Qt::LeftButton);
    QTest::keyClicks(dialog.editorAt(1, 0), u"render"_s);
    QTest::keyClicks(dialog.editorAt(1, 1), u"*@render-* *@farm-*"_s);
    QVERIFY2(dialog.validationMessage().isEmpty(), qPrintable(dialog.validationMessage()));
    QVERIFY(okButton(dialog)->isEnabled());

    // Renaming a group the rules use takes its name away just the same.
    QLineEdit *name = dialog.editorAt(0, 0);
    name->setFocus();
    QTest::keyClick(name, Qt::Key_End);
    QTest::keyClicks(name, u"-x"_s);
    QCOMPARE(dialog.validationMessage(), renamed);
    QVERIFY(!okButton(dialog)->isEnabled());
    QTest::keyClick(name, Qt::Key_Backspace);
    QTest::keyClick(name, Qt::Key_Backspace);
    QVERIFY2(dialog.validationMessage().isEmpty(), qPrintable(dialog.validationMessage()));
    QVERIFY(okButton(dialog)->isEnabled());
}

void TestGroupsInUse::aRefusalKeepsTheDialogOpenWithEveryEdit()
{
    ManualClock clock;
    TestServer server(TestServer::Options {.clock = &clock, .demo = true});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    int status = 0;
    // The demo's acme-cad comes with rules naming both groups: none to start with here.
    server.adminCall("PUT", u"/v1/licenses/acme-cad/rules"_s, {{u"rules"_s, seatrules::rulesToJson({})}}, &status);
    QCOMPARE(status, 200);
    const QList<HolderGroup> groups {{u"render"_s, {u"*@render-*"_s}}, {u"laptops"_s, {u"*@laptop-*"_s}}};
    server.adminCall("PUT", u"/v1/groups"_s, {{u"groups"_s, seatrules::groupsToJson(groups)}}, &status);
    QCOMPARE(status, 200);

    // A French admin; one poll at the start, none while the test plays the other admin.
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock, .pollInterval = 1h, .language = u"fr"_s});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    auto *action = window.findChild<QAction *>(u"actionGroups"_s);
    QTRY_VERIFY_WITH_TIMEOUT(action->isEnabled(), 5000);
    QSignalSpy rulesFetched(&dashboard.session(), &DashboardSession::licenseRulesFetched);
    action->trigger();
    QPointer<GroupsDialog> dialog;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = window.findChild<GroupsDialog *>()) != nullptr, 5000);
    const auto fetched = [&rulesFetched](const QString &id) {
        return std::any_of(rulesFetched.cbegin(), rulesFetched.cend(),
                           [&id](const QList<QVariant> &args) { return args.at(0).toString() == id; });
    };
    QTRY_VERIFY_WITH_TIMEOUT(fetched(u"acme-cad"_s), 5000);
    QCOMPARE(dialog->table()->rowCount(), 2);

    // Edits: a new group, and laptops removed (no license uses it yet).
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"addGroup"_s), Qt::LeftButton);
    QTest::keyClicks(dialog->editorAt(2, 0), u"farm"_s);
    QTest::keyClicks(dialog->editorAt(2, 1), u"*@farm-*"_s);
    clickRow(*dialog, 1);
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"removeGroup"_s), Qt::LeftButton);
    QVERIFY2(okButton(*dialog)->isEnabled(), qPrintable(dialog->validationMessage()));

    // Meanwhile another admin reserves a seat of acme-cad for laptops: the server will refuse.
    SeatRules rules;
    rules.reserve = {{u"laptops"_s, 1}};
    server.adminCall("PUT", u"/v1/licenses/acme-cad/rules"_s, {{u"rules"_s, seatrules::rulesToJson(rules)}}, &status);
    QCOMPARE(status, 200);

    QTest::mouseClick(okButton(*dialog), Qt::LeftButton);
    QVERIFY2(dialog && dialog->isVisible(), "the groups dialog closed before the server answered");
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->refusalMessage().isEmpty(), 5000);

    // Still open, every edit kept, and the refusal said in French, the server's words after.
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->groups(), (QList<HolderGroup> {{u"render"_s, {u"*@render-*"_s}}, {u"farm"_s, {u"*@farm-*"_s}}}));
    const QString refusal = dialog->refusalMessage();
    QVERIFY2(refusal.startsWith(u"Les groupes de détenteurs n'ont pas été enregistrés. Le groupe laptops est encore "
                                "nommé par les règles de sièges de 1 licence (acme-cad)"_s),
             qPrintable(refusal));
    QVERIFY2(refusal.contains(u"(Le serveur a répondu : the group \"laptops\""_s), qPrintable(refusal));
    QVERIFY(window.findChildren<QMessageBox *>().isEmpty());

    // The rules were asked for again: the dialog now says it as typed, and Save waits.
    QTRY_VERIFY2_WITH_TIMEOUT(dialog->validationMessage().contains(u"acme-cad (réservation)"_s),
                              qPrintable(dialog->validationMessage()), 5000);
    QVERIFY(!okButton(*dialog)->isEnabled());

    // laptops made again: saved, and the dialog closes.
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"addGroup"_s), Qt::LeftButton);
    QTest::keyClicks(dialog->editorAt(2, 0), u"laptops"_s);
    QTest::keyClicks(dialog->editorAt(2, 1), u"*@laptop-*"_s);
    QVERIFY2(okButton(*dialog)->isEnabled(), qPrintable(dialog->validationMessage()));
    QTest::mouseClick(okButton(*dialog), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog, 5000);
    const QJsonObject kept = server.adminCall("GET", u"/v1/groups"_s, {}, &status);
    QCOMPARE(kept.value(u"groups"_s).toArray().size(), 3);
    QVERIFY2(window.statusBar()->currentMessage().contains(u"Groupes de détenteurs enregistrés"_s),
             qPrintable(window.statusBar()->currentMessage()));
}

// The groups dialog opened from the License dialog ("Holder groups…") knows the licenses' rules
// as the one of the View menu does: removing a group another license's rules use is said as typed.
// The rules are asked for alone, not with each license's lease listing.
void TestGroupsInUse::theLicenseDialogsGroupsKnowTheRules()
{
    ManualClock clock;
    TestServer server(TestServer::Options {.clock = &clock, .demo = true});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    int status = 0;
    // The demo's acme-cad comes with rules naming its groups: replaced below, once these exist.
    server.adminCall("PUT", u"/v1/licenses/acme-cad/rules"_s, {{u"rules"_s, seatrules::rulesToJson({})}}, &status);
    QCOMPARE(status, 200);
    server.adminCall("PUT", u"/v1/groups"_s, {{u"groups"_s, seatrules::groupsToJson(twoGroups())}}, &status);
    QCOMPARE(status, 200);
    SeatRules rules;
    rules.reserve = {{u"render"_s, 1}};
    server.adminCall("PUT", u"/v1/licenses/acme-cad/rules"_s, {{u"rules"_s, seatrules::rulesToJson(rules)}}, &status);
    QCOMPARE(status, 200);

    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock, .pollInterval = 1h, .language = u"fr"_s});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    auto *newLicense = window.findChild<QAction *>(u"actionNewLicense"_s);
    QTRY_VERIFY_WITH_TIMEOUT(newLicense->isEnabled(), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.session().licenses().licenseIds().contains(u"acme-cad"_s), 5000);
    newLicense->trigger();
    LicenseDialog *license = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((license = window.findChild<LicenseDialog *>()) != nullptr, 5000);
    QTest::mouseClick(license->findChild<QPushButton *>(u"editGroups"_s), Qt::LeftButton);
    auto *groups = license->findChild<GroupsDialog *>();
    QVERIFY(groups);
    QVERIFY(QTest::qWaitForWindowExposed(groups));

    clickRow(*groups, 0);
    QTest::mouseClick(groups->findChild<QPushButton *>(u"removeGroup"_s), Qt::LeftButton);
    QCOMPARE(groups->table()->rowCount(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(groups->validationMessage(),
                              u"Le groupe render ne peut pas disparaître : les règles de sièges de 1 licence "
                              "l'utilisent : acme-cad (réservation). Retirez-le d'abord de ces règles, ou gardez le "
                              "groupe."_s,
                              5000);
    QVERIFY(!okButton(*groups)->isEnabled());
    // No license is polled here: nothing listed a license's leases to learn its rules.
    QVERIFY(!dashboard.session().currentRules(u"acme-cad"_s).has_value());
}

// What core's checks (validateGroups, validateRules) find is said in French in a French dialog;
// the same checks keep their English words for the server and the command line.
void TestGroupsInUse::coreChecksAreSaidInTheInterfacesLanguage()
{
    QCOMPARE(m_languages.apply(u"fr"_s), u"fr"_s);
    GroupsDialog groups(twoGroups());
    groups.show();
    QVERIFY(QTest::qWaitForWindowExposed(&groups));
    QLineEdit *name = groups.editorAt(0, 0);
    name->setFocus();
    QTest::keyClick(name, Qt::Key_End);
    QTest::keyClicks(name, u"X"_s);
    QCOMPARE(groups.validationMessage(),
             u"« renderX » n'est pas un nom de groupe : utilisez de 1 à 32 lettres minuscules, chiffres, - et _, en "
             "commençant par une lettre ou un chiffre"_s);
    QVERIFY(!okButton(groups)->isEnabled());

    LicenseDialog license(std::nullopt, {});
    license.setRules({}, twoGroups());
    license.show();
    QVERIFY(QTest::qWaitForWindowExposed(&license));
    QTest::keyClicks(license.denyEdit(), u"render a["_s);
    QCOMPARE(license.rulesMessage(),
             u"deny[1] (« a[ ») n'est ni un groupe ni un motif de détenteurs : « a[ » n'est "
             "pas un motif valide (vérifiez ses crochets [ ])"_s);
    QTest::keyClick(license.denyEdit(), Qt::Key_Backspace);
    QTest::keyClicks(license.denyEdit(), u" render"_s);
    QCOMPARE(license.rulesMessage(), u"La liste Exclure contient « render » deux fois"_s);

    // The server's words stay English, whatever the dashboard's language.
    SeatRules twice;
    twice.deny = {u"render"_s, u"render"_s};
    ValidationError error;
    QVERIFY(!validateRules(twice, twoGroups(), 10, &error));
    QCOMPARE(error.message, u"deny lists \"render\" twice"_s);
}

void TestGroupsInUse::knownErrorCodesAreSaidInTheInterfacesLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("expected");
    const auto row = [](const char *name, const QString &language, const char16_t *code, const QString &expected) {
        QTest::newRow(name) << language << QString::fromUtf16(code) << expected;
    };
    row("token_exists, English", u"en"_s, errorcode::tokenExists,
        u"An access token of that name exists already: choose another name."_s);
    row("token_exists, French", u"fr"_s, errorcode::tokenExists,
        u"Un jeton d'accès porte déjà ce nom : choisissez-en un autre."_s);
    row("seat_not_found, French", u"fr"_s, errorcode::seatNotFound,
        u"Ce siège n'est plus détenu : il a déjà été libéré, récupéré ou révoqué."_s);
    row("license_not_found, French", u"fr"_s, errorcode::licenseNotFound,
        u"Cette licence n'existe pas (ou plus) sur ce serveur."_s);
    row("database_unavailable, French", u"fr"_s, errorcode::databaseUnavailable,
        u"Le serveur n'atteint pas sa base de données : réessayez quand elle sera revenue."_s);
}

void TestGroupsInUse::knownErrorCodesAreSaidInTheInterfacesLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, code);
    QFETCH(QString, expected);
    QCOMPARE(m_languages.apply(language), language);
    ClientError error;
    error.kind = ClientError::Kind::Conflict;
    error.httpStatus = 409;
    error.code = code;
    error.message = u"the server's own words"_s;
    const QString said = DashboardSession::describeError(error);
    QCOMPARE(DashboardSession::errorSentence(error), expected);
    // The sentence first; the server's (English) text only after it, as detail.
    QVERIFY2(said.startsWith(expected), qPrintable(said));
    QVERIFY2(said.endsWith(u"the server's own words)"_s), qPrintable(said));

    // A code the dashboard does not know: the server's words, as before.
    error.code = u"something_new"_s;
    QCOMPARE(DashboardSession::describeError(error), u"the server's own words"_s);
}

QTEST_MAIN(TestGroupsInUse)
#include "tst_groupsinuse.moc"
