// The license dialog's Idle seats (issue 26): the license-wide reclaim rule and the groups' own
// times, driven with the keyboard and the mouse; checked as typed with the server's validateRules();
// saved with the rest of the rules; and the preview sentence, from core's previewReclaim() on the
// license's seats and line as the session last listed them, changing as the minutes are typed.
// Offscreen.
#include "DashboardSession.h"
#include "LanguageManager.h"
#include "LeaseTableModel.h"
#include "LicenseDialog.h"
#include "ManualClock.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <QToolButton>
#include <QWheelEvent>

using namespace Qt::StringLiterals;
using namespace keyright;

namespace {

const QDateTime now(QDate(2026, 11, 30), QTime(10, 0), Qt::UTC);
const QString licenseId = u"render-farm"_s;

QList<HolderGroup> serverGroups()
{
    return {{u"render"_s, {u"*@render-*"_s}}, {u"contractors"_s, {u"*@contractor-*"_s}}};
}

LicenseSummary renderFarm()
{
    LicenseSummary l;
    l.id = licenseId;
    l.name = u"Render farm"_s;
    l.seatCount = 3;
    l.inUse = 3;
    l.ttlSeconds = 60;
    l.skewSeconds = 5;
    l.reapGraceSeconds = 15;
    l.waiting = 1;
    return l;
}

// A live seat whose holder last did something `idleMinutes` ago (-1: its client reports nothing).
LeaseRow lease(int n, const QString &holder, int idleMinutes)
{
    LeaseRow row;
    row.lease.licenseId = licenseId;
    row.lease.seatId = u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
    row.lease.holder = holder;
    row.lease.generation = quint64(n);
    row.lease.issuedAt = now.addSecs(-20);
    row.lease.expiresAt = now.addSecs(40);
    row.lease.signature = QByteArray(64, char(n));
    row.live = true;
    row.reapableAt = row.lease.expiresAt.addSecs(15);
    row.signatureValid = true;
    if (idleMinutes >= 0)
        row.lastActivityAt = now.addSecs(-60 * idleMinutes);
    return row;
}

QueueTicket ticket(int n, const QString &holder, int waitingMinutes, QueueTicket::State state)
{
    QueueTicket t;
    t.ticketId = u"tk-%1"_s.arg(n);
    t.licenseId = licenseId;
    t.holder = holder;
    t.state = state;
    t.position = state == QueueTicket::State::Waiting ? n : 0;
    t.waiting = 1;
    t.queuedAt = now.addSecs(-60 * waitingMinutes);
    t.expiresAt = now.addSecs(20);
    t.giveUpAt = now.addSecs(600);
    t.seatId = state == QueueTicket::State::Granted ? u"%1"_s.arg(77, 32, 16, QLatin1Char('0')) : QString();
    return t;
}

// render-farm, full: alice@ws-12 idle 74 minutes, bob active, a render node whose client reports no
// activity; carol@ws-3 has waited 6 minutes in line (and dana, already given a seat, is not waiting).
void feedRenderFarm(DashboardSession &session)
{
    session.licenses().applyList(LicenseList {now, {renderFarm()}});
    LeaseList list;
    list.licenseId = licenseId;
    list.serverTime = now;
    list.seatCount = 3;
    list.leases = {lease(1, u"alice@ws-12"_s, 74), lease(2, u"bob@ws-07"_s, 0), lease(3, u"n1@render-1"_s, -1)};
    list.inUse = 3;
    list.groups = serverGroups();
    list.queue = {ticket(0, u"dana@ws-21"_s, 1, QueueTicket::State::Granted),
                  ticket(1, u"carol@ws-3"_s, 6, QueueTicket::State::Waiting)};
    session.applyLeaseLists({list});
}

QPushButton *okButton(QDialog &dialog)
{
    return dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
}

// Types `minutes` over what the box holds, as a person would.
void typeMinutes(QSpinBox *box, int minutes)
{
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QString::number(minutes));
    QCOMPARE(box->value(), minutes);
}

QLabel *preview(LicenseDialog &dialog)
{
    return dialog.findChild<QLabel *>(u"reclaimPreview"_s);
}

// Whether the dialog tints `field` as the one at fault.
bool marked(const QWidget *field)
{
    return field->palette().color(QPalette::Base) != QApplication::palette(field).color(QPalette::Base);
}

// As the dialog shows a validation message standing alone: its first letter capitalised, unless it
// starts with a field's path.
QString shownAsSentence(QString message)
{
    const QString first = message.section(u' ', 0, 0);
    if (!message.isEmpty() && message.at(0).isLower() && !first.contains(u'[') && !first.contains(u'.'))
        message[0] = message.at(0).toUpper();
    return message;
}

// What validateRules() says about `rules`, as the dialog shows it.
QString serverWords(const SeatRules &rules)
{
    ValidationError error;
    return validateRules(rules, serverGroups(), 3, &error) ? QString() : shownAsSentence(error.message);
}

} // namespace

class TestIdleSeatsDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void theSessionListsTheStateIdleReclaimSees();
    void turningTheRuleOnPreviewsWhatItWouldDo();
    void aStandingMarkPreviewsAsMarked();
    void theKeyboardReachesTheIdleSeats();
    void aWarningLongerThanTheIdleTimeIsRefused();
    void savingReturnsTheRule();
    void aRuleWithAGroupRowRoundTrips();
    void aGroupRowNeedsAGroup();
    void viewersSeeTheIdleSeatsReadOnly();
    void theWheelPassesOverTheMinutes();
    void everySituationHasASentenceInFrench();

private:
    LanguageManager m_languages;
};

void TestIdleSeatsDialog::initTestCase()
{
    m_languages.apply(u"en"_s);
}

void TestIdleSeatsDialog::cleanup()
{
    m_languages.apply(u"en"_s);
}

void TestIdleSeatsDialog::theSessionListsTheStateIdleReclaimSees()
{
    QNetworkAccessManager network;
    ManualClock clock(now);
    DashboardSession session(network, clock);
    QVERIFY(!session.reclaimState(licenseId)); // not listed yet
    feedRenderFarm(session);
    const std::optional<ReclaimState> state = session.reclaimState(licenseId);
    QVERIFY(state);
    QCOMPARE(state->seatCount, 3);
    QCOMPARE(state->now, now);
    QCOMPARE(state->skew, std::chrono::milliseconds(5000));
    QCOMPARE(state->seats.size(), 3);
    QCOMPARE(state->seats.at(0).lease.holder, u"alice@ws-12"_s);
    QCOMPARE(state->seats.at(0).lastActivity, std::optional<QDateTime>(now.addSecs(-74 * 60)));
    QVERIFY(!state->seats.at(0).marked());
    QVERIFY(!state->seats.at(2).lastActivity); // activity unknown, never idle
    // Only the ticket still waiting: dana's seat is held for it already.
    QCOMPARE(state->waiting.size(), 1);
    QCOMPARE(state->waiting.at(0), (ReclaimWaiter {u"carol@ws-3"_s, now.addSecs(-6 * 60), u"tk-1"_s}));
    QVERIFY(state->lineInUse);
}

void TestIdleSeatsDialog::turningTheRuleOnPreviewsWhatItWouldDo()
{
    QNetworkAccessManager network;
    ManualClock clock(now);
    DashboardSession session(network, clock);
    feedRenderFarm(session);
    LicenseDialog dialog(renderFarm(), {});
    dialog.setRules({}, serverGroups());
    dialog.setReclaimState(session.reclaimState(licenseId));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));

    QVERIFY(!dialog.reclaimCheck()->isChecked());
    QVERIFY(!dialog.reclaimAfterBox()->isEnabled());
    QCOMPARE(preview(dialog)->text(), u"Idle seats are never reclaimed."_s);
    QVERIFY(preview(dialog)->isVisible());

    // On, with more minutes than anyone has been idle: nothing to do.
    QTest::mouseClick(dialog.reclaimCheck(), Qt::LeftButton, {}, QPoint(8, dialog.reclaimCheck()->height() / 2));
    QVERIFY(dialog.reclaimCheck()->isChecked());
    QVERIFY(dialog.reclaimAfterBox()->isEnabled());
    typeMinutes(dialog.reclaimAfterBox(), 90);
    QCOMPARE(preview(dialog)->text(), u"No holder has been idle that long right now: nothing would be reclaimed."_s);

    // Fewer minutes than alice's 74: her seat would be marked for carol, warned 10 minutes before.
    typeMinutes(dialog.reclaimAfterBox(), 60);
    QCOMPARE(preview(dialog)->text(),
             u"Right now this would mark alice@ws-12, idle 74 min, for carol@ws-3, waiting 6 min. alice@ws-12 "
             "would be warned and lose the seat in 10 minutes unless it is used."_s);
    typeMinutes(dialog.reclaimWarnBox(), 1);
    QVERIFY2(preview(dialog)->text().endsWith(u"in 1 minute unless it is used."_s),
             qPrintable(preview(dialog)->text()));

    // The words come from core's decision on the same state, nothing of the dialog's own.
    CompiledSeatRules compiled(dialog.rules(), serverGroups());
    const ReclaimPreview expected = previewReclaim(compiled, *session.reclaimState(licenseId));
    QCOMPARE(expected.situation, ReclaimPreview::Situation::Acting);
    QCOMPARE(preview(dialog)->text(), LicenseDialog::previewSentence(expected, *session.reclaimState(licenseId)));

    // A fourth seat is free for carol: no one's seat needs taking.
    dialog.findChild<QSpinBox *>(u"seatCount"_s)->setValue(4);
    QCOMPARE(preview(dialog)->text(),
             u"alice@ws-12 has been idle 74 min, but everyone waiting can have a free seat: "
             "nothing would be reclaimed."_s);
    dialog.findChild<QSpinBox *>(u"seatCount"_s)->setValue(3);
    QVERIFY(preview(dialog)->text().startsWith(u"Right now this would mark alice@ws-12"_s));

    // Nobody waiting any more (the next poll): alice stays.
    ReclaimState alone = *session.reclaimState(licenseId);
    alone.waiting.clear();
    alone.lineInUse = false;
    dialog.setReclaimState(alone);
    QCOMPARE(preview(dialog)->text(),
             u"alice@ws-12 has been idle 74 min, but nobody is waiting: nothing would be reclaimed."_s);

    // Off again: never.
    QTest::mouseClick(dialog.reclaimCheck(), Qt::LeftButton, {}, QPoint(8, dialog.reclaimCheck()->height() / 2));
    QCOMPARE(preview(dialog)->text(), u"Idle seats are never reclaimed."_s);
    QVERIFY(dialog.rules().reclaimIdle.isEmpty());
}

void TestIdleSeatsDialog::aStandingMarkPreviewsAsMarked()
{
    // The server marked alice's seat 6 minutes ago under a 60/10 rule: it goes in 4 minutes. The
    // dialog opened now says so, rather than offering to mark her again in 10.
    QNetworkAccessManager network;
    ManualClock clock(now);
    DashboardSession session(network, clock);
    feedRenderFarm(session);
    LeaseList list;
    list.licenseId = licenseId;
    list.serverTime = now;
    list.seatCount = 3;
    LeaseRow alice = lease(1, u"alice@ws-12"_s, 74);
    alice.reclaimAt = now.addSecs(4 * 60);
    list.leases = {alice, lease(2, u"bob@ws-07"_s, 0), lease(3, u"n1@render-1"_s, -1)};
    list.inUse = 3;
    list.rules.reclaimIdle = {IdleReclaim {{}, 60, 10}};
    list.groups = serverGroups();
    list.queue = {ticket(1, u"carol@ws-3"_s, 6, QueueTicket::State::Waiting)};
    session.applyLeaseLists({list});

    const std::optional<ReclaimState> state = session.reclaimState(licenseId);
    QVERIFY(state);
    QVERIFY(state->seats.at(0).marked());
    QCOMPARE(*state->seats.at(0).markedAt, now.addSecs(-6 * 60));
    QCOMPARE(state->seats.at(0).reclaimAt, now.addSecs(4 * 60));
    QVERIFY(!state->seats.at(1).marked());

    LicenseDialog dialog(renderFarm(), {});
    dialog.setRules(list.rules, serverGroups());
    dialog.setReclaimState(state);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(preview(dialog)->text(),
             u"alice@ws-12 is marked, idle 74 min, for carol@ws-3, waiting 6 min. The seat goes at %1 (in 4 "
             "minutes) unless it is used."_s.arg(LeaseTableModel::formatTime(now.addSecs(4 * 60), now)));
    // Turning the rule off: saving would lift her mark, and the sentence says so.
    QTest::mouseClick(dialog.reclaimCheck(), Qt::LeftButton, {}, QPoint(8, dialog.reclaimCheck()->height() / 2));
    QVERIFY(!dialog.reclaimCheck()->isChecked());
    QCOMPARE(preview(dialog)->text(),
             u"Idle seats are never reclaimed. Saving lifts the mark on the seat of alice@ws-12."_s);
}

void TestIdleSeatsDialog::theKeyboardReachesTheIdleSeats()
{
    LicenseDialog dialog(renderFarm(), {});
    dialog.setRules({}, serverGroups());
    dialog.show();
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    QSpinBox *grace = dialog.findChild<QSpinBox *>(u"grace"_s);
    grace->setFocus();
    QTRY_VERIFY(grace->hasFocus());
    // From the last license setting, Tab goes through the license's dates (unset, only their check
    // boxes) to the idle seats, Space turns the rule on.
    for (QWidget *next : std::initializer_list<QWidget *> {dialog.validFromCheck(), dialog.validUntilCheck(),
                                                           dialog.maintenanceCheck(), dialog.reclaimCheck()}) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), next);
    }
    QTest::keyClick(dialog.reclaimCheck(), Qt::Key_Space);
    QVERIFY(dialog.reclaimCheck()->isChecked());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), dialog.reclaimAfterBox());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), dialog.reclaimWarnBox());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    auto *add = dialog.findChild<QPushButton *>(u"addReclaim"_s);
    QCOMPARE(QApplication::focusWidget(), add);
    QTest::keyClick(add, Qt::Key_Space);
    QCOMPARE(dialog.reclaimTable()->rowCount(), 1);
    // A new row's fields come right after the warning, before the Add button.
    dialog.reclaimWarnBox()->setFocus();
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), dialog.reclaimTable()->cellWidget(0, 0));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), dialog.reclaimTable()->cellWidget(0, 1));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), dialog.reclaimTable()->cellWidget(0, 2));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), dialog.reclaimTable()->cellWidget(0, 3));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), add);
}

void TestIdleSeatsDialog::aWarningLongerThanTheIdleTimeIsRefused()
{
    LicenseDialog dialog(renderFarm(), {});
    dialog.setRules({}, serverGroups());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::mouseClick(dialog.reclaimCheck(), Qt::LeftButton, {}, QPoint(8, dialog.reclaimCheck()->height() / 2));
    typeMinutes(dialog.reclaimAfterBox(), 30);
    typeMinutes(dialog.reclaimWarnBox(), 45);
    SeatRules typed;
    typed.reclaimIdle = {{{}, 30, 45}};
    QLabel *message = dialog.findChild<QLabel *>(u"reclaimMessage"_s);
    QVERIFY(!serverWords(typed).isEmpty());
    QCOMPARE(message->text(), serverWords(typed));
    QVERIFY(message->text().contains(u"45"_s) && message->text().contains(u"30"_s));
    // Core's words, shared with the server's error body, start in lower case; standing alone
    // under the table they are a sentence.
    QVERIFY2(message->text().startsWith(u"The holder is warned 45 minutes before"_s), qPrintable(message->text()));
    QVERIFY(message->isVisible());
    QCOMPARE(dialog.rulesMessage(), serverWords(typed));
    QVERIFY(!okButton(dialog)->isEnabled());
    QVERIFY(marked(dialog.reclaimWarnBox()));
    QVERIFY(!marked(dialog.reclaimAfterBox()));
    // No preview of rules the server would refuse.
    QVERIFY(!preview(dialog)->isVisible());

    typeMinutes(dialog.reclaimWarnBox(), 20);
    QVERIFY(!message->isVisible());
    QVERIFY(dialog.rulesMessage().isEmpty());
    QVERIFY(okButton(dialog)->isEnabled());
    QVERIFY(!marked(dialog.reclaimWarnBox()));
}

void TestIdleSeatsDialog::savingReturnsTheRule()
{
    LicenseDialog dialog(renderFarm(), {});
    dialog.setRules({}, serverGroups());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(!dialog.rulesChanged());
    QTest::mouseClick(dialog.reclaimCheck(), Qt::LeftButton, {}, QPoint(8, dialog.reclaimCheck()->height() / 2));
    typeMinutes(dialog.reclaimAfterBox(), 45);
    typeMinutes(dialog.reclaimWarnBox(), 5);
    QVERIFY(dialog.rulesChanged());
    QTest::mouseClick(okButton(dialog), Qt::LeftButton);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    const QList<IdleReclaim> expected {{QString(), 45, 5}};
    QCOMPARE(dialog.rules().reclaimIdle, expected);
}

void TestIdleSeatsDialog::aRuleWithAGroupRowRoundTrips()
{
    // The render group's own times listed first, the license-wide rule second: read back as they
    // were, so saving an untouched dialog changes no rules.
    SeatRules rules;
    rules.reserve = {{u"render"_s, 1}};
    rules.reclaimIdle = {{u"render"_s, 120, 15}, {{}, 60, 10}};
    LicenseDialog dialog(renderFarm(), {});
    dialog.setRules(rules, serverGroups());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(dialog.rules(), rules);
    QVERIFY(!dialog.rulesChanged());
    QVERIFY(dialog.reclaimCheck()->isChecked());
    QCOMPARE(dialog.reclaimAfterBox()->value(), 60);
    QCOMPARE(dialog.reclaimWarnBox()->value(), 10);
    QTableWidget *table = dialog.reclaimTable();
    QCOMPARE(table->rowCount(), 1);
    QCOMPARE(qobject_cast<QComboBox *>(table->cellWidget(0, 0))->currentText(), u"render"_s);
    QCOMPARE(qobject_cast<QSpinBox *>(table->cellWidget(0, 1))->value(), 120);
    QCOMPARE(qobject_cast<QSpinBox *>(table->cellWidget(0, 2))->value(), 15);

    // A second group's row starts with the next group and the license-wide times.
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"addReclaim"_s), Qt::LeftButton);
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(qobject_cast<QComboBox *>(table->cellWidget(1, 0))->currentText(), u"contractors"_s);
    typeMinutes(qobject_cast<QSpinBox *>(table->cellWidget(1, 1)), 240);
    // Every group has a row now: the Add button says where groups are made.
    QVERIFY(!dialog.findChild<QPushButton *>(u"addReclaim"_s)->isEnabled());
    const QList<IdleReclaim> both {{u"render"_s, 120, 15}, {{}, 60, 10}, {u"contractors"_s, 240, 10}};
    QCOMPARE(dialog.rules().reclaimIdle, both);
    QVERIFY(okButton(dialog)->isEnabled());

    // A warning longer than a group's time is said, and the group's field marked.
    typeMinutes(qobject_cast<QSpinBox *>(table->cellWidget(0, 2)), 121);
    SeatRules typed = rules;
    typed.reclaimIdle = {{u"render"_s, 120, 121}, {{}, 60, 10}, {u"contractors"_s, 240, 10}};
    QCOMPARE(dialog.rulesMessage(), serverWords(typed));
    QVERIFY(marked(table->cellWidget(0, 2)));
    QVERIFY(!marked(table->cellWidget(0, 1)));
    QVERIFY(!okButton(dialog)->isEnabled());
    typeMinutes(qobject_cast<QSpinBox *>(table->cellWidget(0, 2)), 15);
    QVERIFY(okButton(dialog)->isEnabled());
    QVERIFY(!marked(table->cellWidget(0, 2)));

    // Remove the render row: the rest stays, in order.
    QTest::mouseClick(qobject_cast<QToolButton *>(table->cellWidget(0, 3)), Qt::LeftButton);
    QCOMPARE(table->rowCount(), 1);
    const QList<IdleReclaim> rest {{{}, 60, 10}, {u"contractors"_s, 240, 10}};
    QCOMPARE(dialog.rules().reclaimIdle, rest);

    // What was saved reads back the same in a new dialog.
    LicenseDialog again(renderFarm(), {});
    again.setRules(dialog.rules(), serverGroups());
    QCOMPARE(again.rules(), dialog.rules());
    QVERIFY(!again.rulesChanged());
}

void TestIdleSeatsDialog::aGroupRowNeedsAGroup()
{
    // Without a group, the row would be the license-wide rule to the server.
    LicenseDialog dialog(renderFarm(), {});
    dialog.setRules({}, serverGroups());
    dialog.show();
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"addReclaim"_s), Qt::LeftButton);
    auto *group = qobject_cast<QComboBox *>(dialog.reclaimTable()->cellWidget(0, 0));
    group->setCurrentText(QString());
    QVERIFY(!okButton(dialog)->isEnabled());
    QLabel *message = dialog.findChild<QLabel *>(u"reclaimMessage"_s);
    QVERIFY(message->isVisible());
    QVERIFY(message->text().contains(u"group"_s));
    QTest::keyClicks(group, u"rendr"_s);
    SeatRules typed;
    typed.reclaimIdle = {{u"rendr"_s, 60, 10}};
    QCOMPARE(message->text(), serverWords(typed));
    group->setCurrentText(u"render"_s);
    QVERIFY(okButton(dialog)->isEnabled());
}

void TestIdleSeatsDialog::viewersSeeTheIdleSeatsReadOnly()
{
    SeatRules rules;
    rules.reclaimIdle = {{{}, 60, 10}, {u"render"_s, 120, 15}};
    LicenseDialog dialog(renderFarm(), {});
    dialog.setRules(rules, serverGroups());
    dialog.setReadOnly(u"Read only: editing needs the admin role."_s);
    dialog.show();
    QVERIFY(!dialog.reclaimCheck()->isEnabled());
    QVERIFY(dialog.reclaimCheck()->isChecked());
    QVERIFY(dialog.reclaimAfterBox()->isReadOnly());
    QVERIFY(dialog.reclaimWarnBox()->isReadOnly());
    for (int c = 0; c < dialog.reclaimTable()->columnCount(); ++c)
        QVERIFY(!dialog.reclaimTable()->cellWidget(0, c)->isEnabled());
    QVERIFY(!dialog.findChild<QPushButton *>(u"addReclaim"_s)->isVisible());
    QCOMPARE(dialog.rules(), rules);
}

void TestIdleSeatsDialog::theWheelPassesOverTheMinutes()
{
    // The settings scroll on a short screen: a turn of the wheel over a field nobody clicked scrolls
    // on instead of changing the minutes.
    SeatRules rules;
    rules.reclaimIdle = {{{}, 60, 10}};
    LicenseDialog dialog(renderFarm(), {});
    dialog.setRules(rules, serverGroups());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QSpinBox *after = dialog.reclaimAfterBox();
    QVERIFY(!after->hasFocus());
    const QPointF at(after->width() / 2.0, after->height() / 2.0);
    QWheelEvent wheel(at, after->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(after, &wheel);
    QCOMPARE(after->value(), 60);
    QCOMPARE(dialog.rules(), rules);
}

void TestIdleSeatsDialog::everySituationHasASentenceInFrench()
{
    using Situation = ReclaimPreview::Situation;
    ReclaimAction mark;
    mark.holder = u"alice@ws-12"_s;
    mark.idleMinutes = 74;
    mark.waiter = u"carol@ws-3"_s;
    mark.waitingMinutes = 6;
    mark.reclaimAt = now.addSecs(600);
    const QList<ReclaimPreview> previews {
        {Situation::NoRule, std::nullopt, {}, -1, 0},
        {Situation::NobodyIdle, std::nullopt, {}, -1, 0},
        {Situation::NobodyWaiting, std::nullopt, u"node-03@farm"_s, 80, 0},
        {Situation::NoEligibleSeat, std::nullopt, u"node-03@farm"_s, 80, 2},
        {Situation::Acting, mark, {}, -1, 1},
    };
    ReclaimState state;
    state.now = now;
    QStringList english;
    for (const ReclaimPreview &p : previews)
        english << LicenseDialog::previewSentence(p, state);
    QCOMPARE(english.at(3), u"2 holders are waiting, but no idle seat may go to them under the other rules."_s);
    m_languages.apply(u"fr"_s);
    for (qsizetype i = 0; i < previews.size(); ++i) {
        const QString french = LicenseDialog::previewSentence(previews.at(i), state);
        QVERIFY2(!french.isEmpty() && french != english.at(i), qPrintable(french));
        QVERIFY2(!french.contains(u'%'), qPrintable(french));
    }
    const QString acting = LicenseDialog::previewSentence(previews.at(4), state);
    QVERIFY2(acting.contains(u"alice@ws-12"_s) && acting.contains(u"carol@ws-3"_s) && acting.contains(u"74 min"_s)
                 && acting.contains(u"10 minutes"_s),
             qPrintable(acting));
}

QTEST_MAIN(TestIdleSeatsDialog)
#include "tst_idleseatsdialog.moc"
