#include "KeyRevealDialog.h"
#include "LicenseDialog.h"
#include "ManualClock.h"
#include "RevokeDialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSpinBox>
#include <QTest>
#include <QTimeZone>
#include <QTranslator>

using namespace Qt::StringLiterals;
using namespace keyright;

class TestDialogs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void licenseDialogValidatesAsYouType_data();
    void licenseDialogValidatesAsYouType();
    void editKeepsTheId();
    void validityDatesAreOptionalAndOrdered();
    void theBorrowPolicyIsEditedInWords();
    void borrowNumbersOutOfRangeAreSaid();
    void everyFaultOfTheBorrowGroupsIsSaidQuoted();
    void aBorrowMessageMovesNoFieldOnASmallScreen();
    void keyIsShownOnceAndCopied();
    void revokeCarriesReasonAndBlock();
    void returnInTheReasonNeitherRevokesNorCancels();
    void revokeMnemonicsEachDoOneThing();
};

void TestDialogs::licenseDialogValidatesAsYouType_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("skew");
    QTest::addColumn<int>("grace");
    QTest::addColumn<QString>("messagePart"); // empty: valid

    QTest::newRow("valid") << u"acme-cad"_s << u"ACME CAD"_s << 5 << 15 << QString();
    QTest::newRow("empty id") << QString() << u"ACME"_s << 5 << 15 << u"license id"_s;
    QTest::newRow("uppercase id") << u"Acme"_s << u"ACME"_s << 5 << 15 << u"lowercase"_s;
    QTest::newRow("id starting with a dash") << u"-acme"_s << u"ACME"_s << 5 << 15 << u"lowercase"_s;
    QTest::newRow("id already taken") << u"render-farm"_s << u"Farm"_s << 5 << 15 << u"already exists"_s;
    QTest::newRow("empty name") << u"acme"_s << u"  "_s << 5 << 15 << u"name"_s;
    QTest::newRow("grace equal to skew") << u"acme"_s << u"ACME"_s << 10 << 10 << u"reap grace"_s;
    QTest::newRow("grace below skew") << u"acme"_s << u"ACME"_s << 30 << 15 << u"reap grace"_s;
}

void TestDialogs::licenseDialogValidatesAsYouType()
{
    QFETCH(QString, id);
    QFETCH(QString, name);
    QFETCH(int, skew);
    QFETCH(int, grace);
    QFETCH(QString, messagePart);

    LicenseDialog dialog(std::nullopt, {u"render-farm"_s});
    dialog.show();
    QLineEdit *idEdit = dialog.findChild<QLineEdit *>(u"licenseId"_s);
    QLineEdit *nameEdit = dialog.findChild<QLineEdit *>(u"licenseName"_s);
    QTest::keyClicks(idEdit, id);
    QTest::keyClicks(nameEdit, name);
    dialog.findChild<QSpinBox *>(u"skew"_s)->setValue(skew);
    dialog.findChild<QSpinBox *>(u"grace"_s)->setValue(grace);
    QPushButton *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    if (messagePart.isEmpty()) {
        QVERIFY2(ok->isEnabled(), qPrintable(dialog.validationMessage()));
        QCOMPARE(dialog.spec().id, id);
        QCOMPARE(dialog.spec().reapGraceSeconds, grace);
    } else {
        QVERIFY(!ok->isEnabled());
        QVERIFY2(dialog.validationMessage().contains(messagePart, Qt::CaseInsensitive),
                 qPrintable(dialog.validationMessage()));
    }
}

void TestDialogs::editKeepsTheId()
{
    LicenseSummary existing {u"acme-cad"_s, u"ACME CAD"_s, 10, 7, 60, 5, 15, 0};
    LicenseDialog dialog(existing, {u"acme-cad"_s});
    QVERIFY(!dialog.findChild<QLineEdit *>(u"licenseId"_s)->isEnabled());
    dialog.findChild<QSpinBox *>(u"seatCount"_s)->setValue(12);
    QVERIFY(dialog.validationMessage().isEmpty());
    QCOMPARE(dialog.spec().id, u"acme-cad"_s);
    QCOMPARE(dialog.spec().seatCount, 12);
}

// Issue 29: each date is off by default and says so ("No end"); a click on its box sets it, Space on
// the box unsets it again; an end before the start is refused under the field; an existing
// license's dates are shown and sent back.
// Issue 27: the borrowing policy is shown as the license has it, a group that does not exist is
// refused under the field, the policy is said in a sentence (and a low-water mark that keeps every
// seat is pointed out), and switched off it lends nothing.
void TestDialogs::theBorrowPolicyIsEditedInWords()
{
    // In the dashboard's English (its plural forms).
    QTranslator english;
    QVERIFY(english.load(u":/i18n/keyright_en.qm"_s));
    QCoreApplication::installTranslator(&english);
    const auto uninstall = qScopeGuard([&english] { QCoreApplication::removeTranslator(&english); });
    LicenseSummary existing {u"acme-cad"_s, u"ACME CAD"_s, 10, 7, 60, 5, 15, 0};
    existing.borrow = BorrowPolicy {true, 14, 3, 2, {u"cad"_s}};
    LicenseDialog dialog(existing, {u"acme-cad"_s});
    dialog.setRules({}, {HolderGroup {u"cad"_s, {u"cad*"_s}}});
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QPushButton *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(dialog.borrowCheck()->isChecked());
    QCOMPARE(dialog.borrowDaysBox()->value(), 14);
    QCOMPARE(dialog.borrowGroupsEdit()->text(), u"cad"_s);
    QCOMPARE(dialog.spec().borrow, existing.borrow);
    QVERIFY(dialog.spec().has(LicenseSpec::Member::Borrow));
    QVERIFY2(ok->isEnabled(), qPrintable(dialog.borrowMessage()));
    QCOMPARE(dialog.borrowSummary(),
             u"Up to 3 seats may be borrowed at once, each for at most 14 days, by members of "
             "cad; seats always kept on site: 2."_s);

    // A group nobody made: refused, under the field, naming it.
    QLineEdit *groups = dialog.borrowGroupsEdit();
    groups->setFocus();
    QTest::keyClicks(groups, u" travel"_s);
    QVERIFY(!ok->isEnabled());
    QCOMPARE(dialog.borrowMessage(),
             u"There is no holder group \"travel\": create it with \"Holder groups…\" first."_s);
    QVERIFY(dialog.findChild<QLabel *>(u"borrowMessage"_s)->isVisible());
    for (int i = 0; i < 7; ++i)
        QTest::keyClick(groups, Qt::Key_Backspace);
    QVERIFY2(ok->isEnabled(), qPrintable(dialog.borrowMessage()));
    QVERIFY(dialog.borrowMessage().isEmpty());
    // No group: anyone admitted may borrow, and the sentence names none.
    groups->selectAll();
    QTest::keyClick(groups, Qt::Key_Backspace);
    QCOMPARE(dialog.borrowSummary(),
             u"Up to 3 seats may be borrowed at once, each for at most 14 days; seats always kept on site: 2."_s);

    // Typed with the keyboard: two days, and every seat kept on site, which leaves none to borrow.
    QSpinBox *days = dialog.borrowDaysBox();
    days->setFocus();
    days->selectAll();
    QTest::keyClicks(days, u"2"_s);
    QCOMPARE(dialog.spec().borrow.maxDays, 2);
    QSpinBox *keep = dialog.borrowKeepBox();
    keep->setFocus();
    keep->selectAll();
    QTest::keyClicks(keep, u"10"_s);
    QCOMPARE(dialog.spec().borrow.keepOnSite, 10);
    QCOMPARE(dialog.borrowNote(),
             u"Keeping all 10 seats on site leaves none to borrow: keep fewer, or switch borrowing off."_s);
    QVERIFY(ok->isEnabled()); // the server accepts it: said, not refused
    // Walk 55, 3: both remarks alike, in amber with their field marked, the summary apart.
    auto *note = dialog.findChild<QLabel *>(u"borrowNote"_s);
    QVERIFY(note->isVisible());
    const QColor normal = QApplication::palette(keep).color(QPalette::Base);
    const QColor remarked = keep->palette().color(QPalette::Base);
    QVERIFY(remarked != normal);
    QSpinBox *max = dialog.borrowMaxBox();
    QCOMPARE(max->palette().color(QPalette::Base), normal);
    keep->selectAll();
    QTest::keyClicks(keep, u"9"_s);
    QCOMPARE(dialog.borrowSummary(),
             u"Up to 1 seat may be borrowed at once, each for at most 2 days; seats always kept on site: 9."_s);
    QCOMPARE(dialog.borrowNote(), u"A maximum of 3 at once is more than the 1 seat not kept on site."_s);
    QVERIFY(note->isVisible());
    QCOMPARE(max->palette().color(QPalette::Base), remarked);
    QCOMPARE(keep->palette().color(QPalette::Base), normal);
    keep->selectAll();
    QTest::keyClicks(keep, u"2"_s);
    QVERIFY(!note->isVisible());
    QCOMPARE(max->palette().color(QPalette::Base), normal);

    // A click switches borrowing off: the numbers rest, nothing is lent.
    QTest::mouseClick(dialog.borrowCheck(), Qt::LeftButton, {}, QPoint(4, dialog.borrowCheck()->height() / 2));
    QVERIFY(!dialog.borrowCheck()->isChecked());
    QVERIFY(!days->isEnabled());
    QCOMPARE(dialog.borrowSummary(), u"No seat may be borrowed."_s);
    QVERIFY(!dialog.spec().borrow.allowed);
    QVERIFY(dialog.spec().has(LicenseSpec::Member::Borrow));
    QVERIFY(ok->isEnabled());
}

// The walk-through of issue 50 (F2, F3, F14): a number out of range is shown as typed and refused in
// a sentence (never swallowed or put back silently), the range is written beside the days, and a
// keep-on-site or at-most-borrowed above the license's seats is said naturally.
void TestDialogs::borrowNumbersOutOfRangeAreSaid()
{
    QTranslator english;
    QVERIFY(english.load(u":/i18n/keyright_en.qm"_s));
    QCoreApplication::installTranslator(&english);
    const auto uninstall = qScopeGuard([&english] { QCoreApplication::removeTranslator(&english); });
    LicenseSummary existing {u"render-farm"_s, u"Render farm"_s, 4, 7, 60, 5, 15, 0};
    existing.borrow = BorrowPolicy {true, 7, 2, 1, {}};
    LicenseDialog dialog(existing, {u"render-farm"_s});
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QPushButton *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    auto *range = dialog.findChild<QLabel *>(u"borrowDaysRange"_s);
    QVERIFY(range);
    QVERIFY(range->isVisible());
    QCOMPARE(range->text(), u"From 1 to 365 days"_s);

    // 400 days: all three digits stay, the sentence says why Save is off.
    QSpinBox *days = dialog.borrowDaysBox();
    days->setFocus();
    days->selectAll();
    QTest::keyClicks(days, u"400"_s);
    QCOMPARE(days->text(), u"400 days"_s);
    QVERIFY(!ok->isEnabled());
    QCOMPARE(dialog.borrowMessage(), u"A seat may be borrowed for 1 to 365 days, not 400."_s);
    QVERIFY(dialog.findChild<QLabel *>(u"borrowMessage"_s)->isVisible());
    // 0 and Tab: kept, still refused, not put back to 7.
    days->selectAll();
    QTest::keyClicks(days, u"0"_s);
    QTest::keyClick(days, Qt::Key_Tab);
    QCOMPARE(days->value(), 0);
    QCOMPARE(dialog.borrowMessage(), u"A seat may be borrowed for 1 to 365 days, not 0."_s);
    QVERIFY(!ok->isEnabled());
    // Two fields wrong at once (walk 53, finding 2): both said, both marked, not one after the other.
    QLineEdit *groups = dialog.borrowGroupsEdit();
    groups->setFocus();
    QTest::keyClicks(groups, u"5"_s);
    QCOMPARE(dialog.borrowMessage(),
             u"A seat may be borrowed for 1 to 365 days, not 0. "
             "There is no holder group \"5\": create it with \"Holder groups…\" first."_s);
    const QColor normal = QApplication::palette(days).color(QPalette::Base);
    QVERIFY(days->palette().color(QPalette::Base) != normal);
    QVERIFY(groups->palette().color(QPalette::Base) != normal);
    QTest::keyClick(groups, Qt::Key_Backspace);
    QVERIFY(groups->palette().color(QPalette::Base) == normal);
    QVERIFY(days->palette().color(QPalette::Base) != normal);
    days->setFocus();
    days->selectAll();
    QTest::keyClicks(days, u"5"_s);
    QVERIFY2(ok->isEnabled(), qPrintable(dialog.borrowMessage()));
    QVERIFY(days->palette().color(QPalette::Base) == normal);

    // At most 0 borrowed at once: explained, not reverted.
    QSpinBox *max = dialog.borrowMaxBox();
    max->setFocus();
    max->selectAll();
    QTest::keyClicks(max, u"0"_s);
    QTest::keyClick(max, Qt::Key_Tab);
    QCOMPARE(max->value(), 0);
    QVERIFY(!ok->isEnabled());
    QCOMPARE(dialog.borrowMessage(),
             u"At most 0 borrowed at once would lend nothing: allow at least 1, or switch borrowing off."_s);

    // At most 9 of 4 seats: accepted, with a remark.
    max->setFocus();
    max->selectAll();
    QTest::keyClicks(max, u"9"_s);
    QVERIFY2(ok->isEnabled(), qPrintable(dialog.borrowMessage()));
    QCOMPARE(dialog.borrowSummary(),
             u"Up to 3 seats may be borrowed at once, each for at most 5 days; seats always kept on site: 1."_s);
    QCOMPARE(dialog.borrowNote(), u"A maximum of 9 at once is more than the 3 seats not kept on site."_s);
    // Walk 56: the remark stays while another field is refused (it vanished beside any error).
    QLineEdit *groupsEdit = dialog.borrowGroupsEdit();
    groupsEdit->setFocus();
    QTest::keyClicks(groupsEdit, u"nosuch"_s);
    QVERIFY(!ok->isEnabled());
    QVERIFY2(dialog.borrowMessage().contains(u"nosuch"_s), qPrintable(dialog.borrowMessage()));
    QCOMPARE(dialog.borrowNote(), u"A maximum of 9 at once is more than the 3 seats not kept on site."_s);
    groupsEdit->selectAll();
    QTest::keyClick(groupsEdit, Qt::Key_Backspace);
    QVERIFY2(ok->isEnabled(), qPrintable(dialog.borrowMessage()));

    // Nothing kept on site: every seat may go.
    QSpinBox *keep = dialog.borrowKeepBox();
    keep->setFocus();
    keep->selectAll();
    QTest::keyClicks(keep, u"0"_s);
    QCOMPARE(dialog.borrowSummary(),
             u"Up to 4 seats may be borrowed at once, each for at most 5 days; seats always kept on site: 0."_s);
    QCOMPARE(dialog.borrowNote(), u"A maximum of 9 at once is more than the 4 seats of the license."_s);

    // Keeping 9 of a 4-seat license on site.
    keep->setFocus();
    keep->selectAll();
    QTest::keyClicks(keep, u"9"_s);
    QCOMPARE(dialog.borrowNote(),
             u"Keeping 9 seats on site, more than the 4 the license has, leaves none to "
             "borrow: keep fewer, or switch borrowing off."_s);

    // The French says the range too.
    QTranslator french;
    QVERIFY(french.load(u":/i18n/keyright_fr.qm"_s));
    QCoreApplication::installTranslator(&french);
    const auto uninstallFrench = qScopeGuard([&french] { QCoreApplication::removeTranslator(&french); });
    LicenseDialog frenchDialog(existing, {u"render-farm"_s});
    QCOMPARE(frenchDialog.findChild<QLabel *>(u"borrowDaysRange"_s)->text(), u"De 1 à 365 jours"_s);
}

// Walk 55, 2: "Il n'existe pas de groupe de détenteurs inconnu" read as "there is no unknown group":
// the group typed is quoted, as the button in the same sentence is, in English and in French; and
// every fault of the field is said at once, not the first one only.
void TestDialogs::everyFaultOfTheBorrowGroupsIsSaidQuoted()
{
    LicenseSummary existing {u"acme-cad"_s, u"ACME CAD"_s, 10, 7, 60, 5, 15, 0};
    existing.borrow = BorrowPolicy {true, 14, 3, 2, {}};
    const QList<HolderGroup> groups {HolderGroup {u"laptops"_s, {u"lap*"_s}}};
    const QLocale before;
    const auto restoreLocale = qScopeGuard([before] { QLocale::setDefault(before); });
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    {
        LicenseDialog dialog(existing, {u"acme-cad"_s});
        dialog.setRules({}, groups);
        QTest::keyClicks(dialog.borrowGroupsEdit(), u"xyz laptops laptops"_s);
        QCOMPARE(dialog.borrowMessage(),
                 u"There is no holder group \"xyz\": create it with \"Holder groups…\" first. "
                 "The group \"laptops\" is listed more than once among the groups that may borrow."_s);
        dialog.borrowGroupsEdit()->setText(u"xyz abc laptops"_s);
        QCOMPARE(dialog.borrowMessage(),
                 u"There are no holder groups \"xyz\" and \"abc\": create them with \"Holder groups…\" first."_s);
    }
    QTranslator french;
    QVERIFY(french.load(u":/i18n/keyright_fr.qm"_s));
    QCoreApplication::installTranslator(&french);
    const auto uninstall = qScopeGuard([&french] { QCoreApplication::removeTranslator(&french); });
    QLocale::setDefault(QLocale(QLocale::French, QLocale::France));
    LicenseDialog dialog(existing, {u"acme-cad"_s});
    dialog.setRules({}, groups);
    QTest::keyClicks(dialog.borrowGroupsEdit(), u"inconnu laptops laptops"_s);
    QCOMPARE(dialog.borrowMessage(),
             u"Il n'existe pas de groupe de détenteurs « inconnu » : créez-le d'abord avec « Groupes de "
             "détenteurs… ». Le groupe « laptops » figure plusieurs fois parmi les groupes autorisés à emprunter."_s);
    dialog.borrowGroupsEdit()->setText(u"xyz abc"_s);
    QCOMPARE(dialog.borrowMessage(),
             u"Il n'existe pas de groupes de détenteurs « xyz » et « abc » : créez-les d'abord avec « Groupes "
             "de détenteurs… »."_s);
}

// Walk 55, 1: at 1280x720 and 150 % the dialog fills the 853x480 logical pixels and scrolls, the
// borrowing box at the end. As the message under the groups got longer or shorter the settings
// jumped 20 to 40 pixels, so that the next click landed on another field, and the last line of the
// red message was left below the visible area. The field being typed in stays where it is and the
// whole message is in view, at each step.
void TestDialogs::aBorrowMessageMovesNoFieldOnASmallScreen()
{
    QTranslator english;
    QVERIFY(english.load(u":/i18n/keyright_en.qm"_s));
    QCoreApplication::installTranslator(&english);
    const auto uninstall = qScopeGuard([&english] { QCoreApplication::removeTranslator(&english); });
    LicenseSummary existing {u"acme-cad"_s, u"ACME CAD"_s, 10, 7, 60, 5, 15, 0};
    existing.borrow = BorrowPolicy {true, 14, 3, 2, {u"cad"_s}};
    LicenseDialog dialog(existing, {u"acme-cad"_s});
    dialog.setRules({}, {HolderGroup {u"cad"_s, {u"cad*"_s}}});
    dialog.setFixedSize(853, 480);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    const auto settle = [] {
        for (int i = 0; i < 4; ++i)
            QCoreApplication::processEvents();
    };
    settle();
    auto *scroll = dialog.findChild<QScrollArea *>(u"licenseScroll"_s);
    QWidget *viewport = scroll->viewport();
    QScrollBar *bar = scroll->verticalScrollBar();
    QVERIFY2(bar->maximum() > 0, "the settings scroll at 853x480");
    // Scrolled down to the groups that may borrow, the last field of the box, and typing there.
    bar->setValue(bar->maximum());
    QLineEdit *groups = dialog.borrowGroupsEdit();
    groups->setFocus();
    settle();
    const auto top = [&] { return groups->mapTo(viewport, QPoint()).y(); };
    const int at = top();
    QVERIFY2(at >= 0 && at + groups->height() <= viewport->height(), qPrintable(QString::number(at)));
    auto *message = dialog.findChild<QLabel *>(u"borrowMessage"_s);
    const auto messageBottom = [&] { return message->mapTo(viewport, QPoint(0, message->height())).y(); };
    // An unknown group (one sentence), a second fault (two), then back to one and to none.
    for (const auto &[keys, sentences] : {std::pair {u" xyz"_s, 1}, std::pair {u" cad"_s, 2}}) {
        QTest::keyClicks(groups, keys);
        settle();
        QCOMPARE(dialog.borrowMessage().count(u". "_s) + 1, sentences);
        QCOMPARE(top(), at);
        QVERIFY2(
            messageBottom() <= viewport->height(),
            qPrintable(u"the message ends at %1 in a view %2 high"_s.arg(messageBottom()).arg(viewport->height())));
    }
    for (int i = 0; i < 4; ++i)
        QTest::keyClick(groups, Qt::Key_Backspace);
    settle();
    QVERIFY(message->isVisible());
    QCOMPARE(top(), at);
    QVERIFY(messageBottom() <= viewport->height());
    for (int i = 0; i < 4; ++i)
        QTest::keyClick(groups, Qt::Key_Backspace);
    settle();
    QVERIFY(dialog.borrowMessage().isEmpty());
    QCOMPARE(top(), at);
}

void TestDialogs::validityDatesAreOptionalAndOrdered()
{
    // The server's clock, far from this machine's.
    const QDate serverToday(2031, 6, 15);
    const ManualClock serverClock(QDateTime(serverToday, QTime(23, 30), QTimeZone::utc()));
    LicenseDialog dialog(std::nullopt, {});
    dialog.setClock(serverClock);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::keyClicks(dialog.findChild<QLineEdit *>(u"licenseId"_s), u"acme"_s);
    QTest::keyClicks(dialog.findChild<QLineEdit *>(u"licenseName"_s), u"ACME CAD"_s);
    QDateTimeEdit *until = dialog.validUntilEdit();
    QVERIFY(!dialog.validUntilCheck()->isChecked());
    QVERIFY(!until->isEnabled());
    QVERIFY2(until->text().contains(u"No end"_s), qPrintable(until->text()));
    QVERIFY(!dialog.spec().validity.validUntil.isValid());
    QVERIFY(dialog.spec().has(LicenseSpec::Member::ValidUntil)); // sent, as none

    QTest::mouseClick(dialog.validFromCheck(), Qt::LeftButton, {}, QPoint(4, dialog.validFromCheck()->height() / 2));
    QTest::mouseClick(dialog.validUntilCheck(), Qt::LeftButton, {}, QPoint(4, dialog.validUntilCheck()->height() / 2));
    QVERIFY(dialog.validUntilCheck()->isChecked());
    QVERIFY(until->isEnabled());
    QVERIFY(dialog.spec().validity.validUntil > dialog.spec().validity.validFrom);
    // Ticked, the boxes start from the server's today (its clock as the dashboard estimates it),
    // not this machine's: the start today, the end a year later, at midnight UTC.
    QCOMPARE(dialog.spec().validity.validFrom, QDateTime(serverToday, QTime(0, 0), QTimeZone::utc()));
    QCOMPARE(dialog.spec().validity.validUntil, QDateTime(serverToday.addDays(365), QTime(0, 0), QTimeZone::utc()));
    QPushButton *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY2(ok->isEnabled(), qPrintable(dialog.validationMessage()));

    // The end typed before the start: refused, naming what to change.
    until->setFocus();
    until->setSelectedSection(QDateTimeEdit::YearSection);
    QTest::keyClicks(until, u"2000"_s);
    QVERIFY(!ok->isEnabled());
    QVERIFY2(dialog.validationMessage().contains(u"Valid until"_s), qPrintable(dialog.validationMessage()));
    QVERIFY(!until->styleSheet().isEmpty());

    // Space on the box unsets it: no end again, and valid.
    dialog.validUntilCheck()->setFocus();
    QTest::keyClick(dialog.validUntilCheck(), Qt::Key_Space);
    QVERIFY(!dialog.validUntilCheck()->isChecked());
    QVERIFY(!dialog.spec().validity.validUntil.isValid());
    QVERIFY2(ok->isEnabled(), qPrintable(dialog.validationMessage()));

    LicenseSummary existing {u"acme-cad"_s, u"ACME CAD"_s, 10, 7, 60, 5, 15, 0};
    existing.validity.validUntil = QDateTime(QDate(2027, 3, 31), QTime(0, 0), QTimeZone::utc());
    LicenseDialog edit(existing, {u"acme-cad"_s});
    QVERIFY(edit.validUntilCheck()->isChecked());
    QVERIFY(!edit.maintenanceCheck()->isChecked());
    QCOMPARE(edit.spec().validity.validUntil, existing.validity.validUntil);
    QVERIFY(edit.validUntilEdit()->text().startsWith(u"2027-03-31"_s));
}

void TestDialogs::keyIsShownOnceAndCopied()
{
    const QString key = u"kr1-"_s + QString(64, u'a');
    KeyRevealDialog dialog(u"acme-cad"_s, key);
    dialog.show();
    QCOMPARE(dialog.key(), key);
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"copyKey"_s), Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text(), key);
    dialog.accept();
    QVERIFY(dialog.key().isEmpty());
}

void TestDialogs::revokeCarriesReasonAndBlock()
{
    RevokeDialog dialog(u"acme-cad"_s, u"alice@ws-12"_s, u"0123456789abcdef0123456789abcdef"_s);
    QCOMPARE(dialog.blockDuration(), std::chrono::seconds {0});
    dialog.findChild<QLineEdit *>(u"reason"_s)->setText(u"  seat hoarding "_s);
    dialog.findChild<QComboBox *>(u"blockDuration"_s)->setCurrentIndex(2);
    QCOMPARE(dialog.reason(), u"seat hoarding"_s);
    QCOMPARE(dialog.blockDuration(), std::chrono::seconds {3600});
}

void TestDialogs::returnInTheReasonNeitherRevokesNorCancels()
{
    RevokeDialog dialog(u"acme-cad"_s, u"alice@ws-12"_s, u"0123456789abcdef0123456789abcdef"_s);
    dialog.show();
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    auto *reason = dialog.findChild<QLineEdit *>(u"reason"_s);
    reason->setFocus();
    QTest::keyClicks(reason, u"idle since noon"_s);
    QTest::keyClick(reason, Qt::Key_Return);
    QTest::keyClick(reason, Qt::Key_Enter);
    QVERIFY(dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Rejected)); // the initial value: nothing chose yet
    QCOMPARE(dialog.reason(), u"idle since noon"_s);
    QTest::keyClick(reason, Qt::Key_R, Qt::AltModifier);
    QTRY_COMPARE_WITH_TIMEOUT(dialog.result(), int(QDialog::Accepted), 2000);
    QCOMPARE(dialog.reason(), u"idle since noon"_s);
}

void TestDialogs::revokeMnemonicsEachDoOneThing()
{
    RevokeDialog dialog(u"acme-cad"_s, u"alice@ws-12"_s, u"0123456789abcdef0123456789abcdef"_s);
    dialog.show();
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    // Every Alt+letter of the dialog, from its labels and buttons: none twice.
    QStringList keys;
    const auto mnemonicOf = [](const QString &text) {
        const qsizetype at = text.indexOf(u'&');
        return at >= 0 && at + 1 < text.size() ? text.at(at + 1).toLower() : QChar();
    };
    for (const QLabel *label : dialog.findChildren<QLabel *>()) {
        if (label->buddy() && !mnemonicOf(label->text()).isNull())
            keys << mnemonicOf(label->text());
    }
    for (const QPushButton *button : dialog.findChildren<QPushButton *>()) {
        if (!mnemonicOf(button->text()).isNull())
            keys << mnemonicOf(button->text());
    }
    const QSet<QString> unique(keys.cbegin(), keys.cend());
    QCOMPARE(unique.size(), keys.size());
    // Alt+R is the Revoke button's, and does that alone.
    QWidget *focus = QApplication::focusWidget();
    QTest::keyClick(focus ? focus : &dialog, Qt::Key_R, Qt::AltModifier);
    // A mnemonic clicks its button with an animation: the dialog closes a moment later.
    QTRY_COMPARE_WITH_TIMEOUT(dialog.result(), int(QDialog::Accepted), 2000);
    QVERIFY(dialog.isHidden());
}

QTEST_MAIN(TestDialogs)
#include "tst_dialogs.moc"
