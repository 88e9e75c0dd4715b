// Issue 28, item 6: the holder groups dialog shows a group synchronised from LDAP as the
// directory's: its members read-only, where they come from, when they were last synchronised, and,
// when the last synchronisation failed, that they are stale with the error, in the palette's stale
// colour. Such a row cannot be removed; the other groups stay editable. Offscreen, real widgets.

#include "GroupsDialog.h"
#include "StatePalette.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

LdapGroupSource source(const QString &error)
{
    LdapGroupSource ldap;
    ldap.url = u"ldap://dir.example.org"_s;
    ldap.baseDn = u"ou=groups,dc=example,dc=org"_s;
    ldap.filter = u"(cn=render)"_s;
    ldap.attribute = u"memberUid"_s;
    ldap.hostPattern = u"*"_s;
    ldap.lastSuccess = QDateTime(QDate(2026, 12, 4), QTime(9, 30), Qt::UTC);
    ldap.lastAttempt = ldap.lastSuccess.addSecs(error.isEmpty() ? 0 : 600);
    ldap.lastError = error;
    return ldap;
}

QList<HolderGroup> groups(const QString &error)
{
    return {HolderGroup {u"render"_s, {u"alice@*"_s, u"bob@*"_s}, source(error)}, HolderGroup {u"qa"_s, {u"*@qa-*"_s}}};
}

} // namespace

class TestLdapGroupsDialog : public QObject
{
    Q_OBJECT

private slots:
    void aDirectoryGroupIsReadOnlyWithItsSource();
    void aStaleGroupSaysSoWithTheError();
    void itCannotBeRemovedAndTheOthersStayEditable();
};

void TestLdapGroupsDialog::aDirectoryGroupIsReadOnlyWithItsSource()
{
    GroupsDialog dialog(groups({}));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(dialog.isDirectoryRow(0));
    QVERIFY(dialog.editorAt(0, 0)->isReadOnly());
    QVERIFY(dialog.editorAt(0, 1)->isReadOnly());
    QCOMPARE(dialog.editorAt(0, 1)->text(), u"alice@* bob@*"_s);
    const QString text = dialog.sourceAt(0)->text();
    QVERIFY2(text.startsWith(u"From LDAP, synchronised "_s), qPrintable(text));
    QVERIFY2(!text.contains(u"stale"_s), qPrintable(text));
    const QString details = dialog.sourceAt(0)->toolTip();
    QVERIFY2(details.contains(u"ldap://dir.example.org"_s) && details.contains(u"(cn=render)"_s)
                 && details.contains(u"memberUid"_s) && details.contains(u"ou=groups,dc=example,dc=org"_s),
             qPrintable(details));
    QCOMPARE(dialog.sourceAt(1)->text(), u"Edited here"_s);
    // Typing into the members changes nothing.
    dialog.editorAt(0, 1)->setFocus();
    QTest::keyClicks(dialog.editorAt(0, 1), u" mallory@*"_s);
    QCOMPARE(dialog.groups().first().patterns, (QStringList {u"alice@*"_s, u"bob@*"_s}));
    QVERIFY(dialog.groups().first().ldap.has_value());
}

void TestLdapGroupsDialog::aStaleGroupSaysSoWithTheError()
{
    GroupsDialog dialog(groups(u"the anonymous bind to ldap://dir.example.org failed: Can't contact LDAP server"_s));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QString text = dialog.sourceAt(0)->text();
    // The error first, on the cell's one line, and whole in its tooltip.
    QVERIFY2(text.startsWith(u"From LDAP, stale: the anonymous bind to ldap://dir.example.org failed: Can't contact "
                             u"LDAP server (last synchronised "_s),
             qPrintable(text));
    QVERIFY(!dialog.sourceAt(0)->wordWrap());
    QVERIFY2(dialog.sourceAt(0)->toolTip().startsWith(text), qPrintable(dialog.sourceAt(0)->toolTip()));
    QVERIFY2(dialog.sourceAt(0)->styleSheet().contains(StatePalette::colour(StatePalette::Stale).name()),
             qPrintable(dialog.sourceAt(0)->styleSheet()));
    // The members stay as last synchronised.
    QCOMPARE(dialog.editorAt(0, 1)->text(), u"alice@* bob@*"_s);

    LdapGroupSource never = source(u"Can't contact LDAP server"_s);
    never.lastSuccess = {};
    QCOMPARE(GroupsDialog::sourceText(never),
             u"From LDAP, stale: Can't contact LDAP server (last synchronised never)"_s);
}

void TestLdapGroupsDialog::itCannotBeRemovedAndTheOthersStayEditable()
{
    GroupsDialog dialog(groups({}));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *remove = dialog.findChild<QPushButton *>(u"removeGroup"_s);
    QVERIFY(remove);
    dialog.table()->setCurrentCell(0, 0);
    QVERIFY(!remove->isEnabled());
    remove->click();
    QCOMPARE(dialog.table()->rowCount(), 2);
    dialog.table()->setCurrentCell(1, 0);
    QVERIFY(remove->isEnabled());
    QVERIFY(!dialog.editorAt(1, 1)->isReadOnly());
    dialog.editorAt(1, 1)->setText(u"*@qa-* tess@ws-1"_s);
    QCOMPARE(dialog.groups().at(1).patterns, (QStringList {u"*@qa-*"_s, u"tess@ws-1"_s}));
    QVERIFY(dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
    remove->click();
    QCOMPARE(dialog.table()->rowCount(), 1);
    QVERIFY(dialog.isDirectoryRow(0));
}

QTEST_MAIN(TestLdapGroupsDialog)
#include "tst_ldapgroupsdialog.moc"
