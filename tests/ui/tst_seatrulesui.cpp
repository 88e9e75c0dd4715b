// The dashboard's side of seat rules (issue 17): the license dialog's rules and the groups dialog,
// validated as typed in the server's words; the save order (groups, license, rules) and a refusal
// in the server's words; read-only for viewers; the Seats page's seat split, legend, counts-against
// column and waiting line. Offscreen. With KEYRIGHT_SCREENSHOT_DIR set, it also writes
// seats-rules-{page,dialog}-{en,fr}.png there at 1280x720.
#include "AdminActions.h"
#include "DashboardSession.h"
#include "GroupsDialog.h"
#include "LanguageManager.h"
#include "LeaseTableModel.h"
#include "LicenseDialog.h"
#include "ManualClock.h"
#include "QueueTableModel.h"
#include "SeatsPage.h"
#include "StatePalette.h"
#include "TestServer.h"
#include "wire/SeatRulesJson.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

const QDateTime now(QDate(2026, 11, 30), QTime(10, 0), Qt::UTC);

QList<HolderGroup> serverGroups()
{
    return {{u"render"_s, {u"*@render-*"_s}}, {u"contractors"_s, {u"*@contractor-*"_s}}};
}

LicenseSummary acme(int inUse = 0, int reserved = 0, int waiting = 0)
{
    LicenseSummary l;
    l.id = u"acme-cad"_s;
    l.name = u"ACME CAD"_s;
    l.seatCount = 10;
    l.inUse = inUse;
    l.ttlSeconds = 60;
    l.skewSeconds = 5;
    l.reapGraceSeconds = 15;
    l.reservedSeats = reserved;
    l.waiting = waiting;
    return l;
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

// What validateRules() says about `rules`: the dialog must show exactly this, as a sentence.
QString serverWords(const SeatRules &rules, int seats = 10)
{
    ValidationError error;
    return validateRules(rules, serverGroups(), seats, &error) ? QString() : shownAsSentence(error.message);
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

// A stand-in for the server's admin routes: it records every request in arrival order and answers
// each "VERB path" with what the test set (404 otherwise), so the order and the refusals of a save
// can be checked before the rules routes exist on the real server.
class FakeAdminServer final : public QObject
{
public:
    struct Answer
    {
        int status = 200;
        QJsonObject body;
    };

    FakeAdminServer()
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
        // Every client asks for the signing key first; any 32 bytes do for a key nobody verifies with.
        answers.insert(
            u"GET /v1/public-key"_s,
            {200,
             {{u"algorithm"_s, u"Ed25519"_s}, {u"publicKey"_s, QString::fromLatin1(QByteArray(32, 'k').toBase64())}}});
    }

    QUrl url() const { return QUrl(u"http://127.0.0.1:%1"_s.arg(m_server.serverPort())); }
    QStringList writes() const
    {
        QStringList w;
        for (const QString &r : requests) {
            if (!r.startsWith(u"GET "_s))
                w << r;
        }
        return w;
    }

    QHash<QString, Answer> answers;
    QStringList requests;
    QHash<QString, QJsonObject> bodies;

private:
    void read(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        for (;;) {
            const qsizetype end = buffer.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            const QList<QByteArray> lines = buffer.left(end).split('\n');
            qsizetype length = 0;
            for (const QByteArray &line : lines) {
                if (line.toLower().startsWith("content-length:"))
                    length = line.mid(15).trimmed().toLongLong();
            }
            if (buffer.size() < end + 4 + length)
                return;
            const QList<QByteArray> start = lines.first().trimmed().split(' ');
            const QString request = QString::fromLatin1(start.value(0) + ' ' + start.value(1));
            const QByteArray body = buffer.mid(end + 4, length);
            buffer.remove(0, end + 4 + length);
            requests << request;
            bodies.insert(request, QJsonDocument::fromJson(body).object());
            const Answer answer = answers.value(
                request, Answer {404, {{u"error"_s, u"not_found"_s}, {u"message"_s, u"no such route"_s}}});
            // A PUT of groups or rules answers with what it was sent, as the server does.
            QJsonObject reply = answer.body;
            if (answer.status == 200 && reply.isEmpty())
                reply = bodies.value(request);
            const QByteArray json = QJsonDocument(reply).toJson(QJsonDocument::Compact);
            socket->write("HTTP/1.1 " + QByteArray::number(answer.status)
                          + " X\r\nContent-Type: application/json\r\n"
                            "Content-Length: "
                          + QByteArray::number(json.size()) + "\r\n\r\n" + json);
        }
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

LeaseRow lease(int n, const QString &holder)
{
    LeaseRow row;
    row.lease.licenseId = u"acme-cad"_s;
    row.lease.seatId = u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
    row.lease.holder = holder;
    row.lease.generation = quint64(n);
    row.lease.issuedAt = now.addSecs(-20 * n);
    row.lease.expiresAt = now.addSecs(40 + n);
    row.lease.signature = QByteArray(64, char(n));
    row.live = true;
    row.reapableAt = row.lease.expiresAt.addSecs(15);
    row.signatureValid = true;
    return row;
}

QueueTicket ticket(int n, const QString &holder, QueueTicket::State state)
{
    QueueTicket t;
    t.ticketId = u"tk-%1"_s.arg(n);
    t.licenseId = u"acme-cad"_s;
    t.holder = holder;
    t.state = state;
    t.position = state == QueueTicket::State::Waiting ? n : 0;
    t.waiting = 2;
    t.queuedAt = now.addSecs(-40 - 30 * (3 - n));
    t.expiresAt = now.addSecs(20 + n);
    t.giveUpAt = now.addSecs(600);
    t.seatId = state == QueueTicket::State::Granted ? u"%1"_s.arg(77, 32, 16, QLatin1Char('0')) : QString();
    return t;
}

// acme-cad: 10 seats, 3 reserved for render (1 used), contractors capped at 2, 5 in use, and a line.
void feedReservedLicense(DashboardSession &session)
{
    session.licenses().applyList(LicenseList {now, {acme(5, 3, 2)}});
    LeaseList list;
    list.licenseId = u"acme-cad"_s;
    list.serverTime = now;
    list.seatCount = 10;
    list.leases = {lease(1, u"gus@render-1"_s), lease(2, u"alice@ws-12"_s), lease(3, u"bob@ws-07"_s),
                   lease(4, u"ann@contractor-3"_s), lease(5, u"chen@cad-03"_s)};
    list.inUse = 5;
    list.rules.reserve = {{u"render"_s, 3}};
    list.rules.max = {{u"contractors"_s, 2}};
    list.groups = serverGroups();
    list.queue = {ticket(0, u"dana@ws-21"_s, QueueTicket::State::Granted),
                  ticket(1, u"emil@laptop-5"_s, QueueTicket::State::Waiting),
                  ticket(2, u"farah@ws-02"_s, QueueTicket::State::Waiting)};
    session.applyLeaseLists({list});
}

} // namespace

class TestSeatRulesUi : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void licenseDialogValidatesRulesAsTyped();
    void loweringTheSeatsBelowTheReservationsIsRefusedAsTyped();
    void savingTheDialogKeepsTheReclaimRule();
    void groupsDialogValidatesAsTyped();
    void licenseDialogEditsItsGroupsInAWindowModalDialog();
    void viewersSeeTheRulesReadOnly();
    void savingSendsGroupsThenLicenseThenRules();
    void aRefusalStopsTheSaveAndSaysTheServersWords();
    void theRealServerKeepsWhatIsSavedAndRefusesInItsWords();
    void seatsPageShowsTheSplitAndTheLine();
    void screenshots_data();
    void screenshots();

private:
    LanguageManager m_languages;
};

void TestSeatRulesUi::initTestCase()
{
    m_languages.apply(u"en"_s);
}

void TestSeatRulesUi::cleanup()
{
    m_languages.apply(u"en"_s);
}

void TestSeatRulesUi::licenseDialogValidatesRulesAsTyped()
{
    LicenseDialog dialog(acme(), {});
    dialog.setRules({}, serverGroups());
    dialog.show();
    QVERIFY(okButton(dialog)->isEnabled());

    // A deny entry that is neither a group nor a valid pattern: refused while typing, in the
    // server's words, next to the deny field.
    QTest::keyClicks(dialog.denyEdit(), u"contractors *@lab-["_s);
    SeatRules typed;
    typed.deny = {u"contractors"_s, u"*@lab-["_s};
    QCOMPARE(dialog.rulesMessage(), serverWords(typed));
    QVERIFY(!dialog.rulesMessage().isEmpty());
    QLabel *denyMessage = dialog.findChild<QLabel *>(u"denyMessage"_s);
    QVERIFY(denyMessage->isVisible());
    QCOMPARE(denyMessage->text(), serverWords(typed));
    QVERIFY(!okButton(dialog)->isEnabled());
    QTest::keyClicks(dialog.denyEdit(), u"0-9]"_s);
    QVERIFY2(dialog.rulesMessage().isEmpty(), qPrintable(dialog.rulesMessage()));
    QVERIFY(!denyMessage->isVisible());
    QVERIFY(okButton(dialog)->isEnabled());

    // A reservation for a group that does not exist, then too many seats, then right.
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"addReservation"_s), Qt::LeftButton);
    QComboBox *group = groupOf(dialog.reserveTable(), 0);
    group->setCurrentText(QString());
    QTest::keyClicks(group, u"rendr"_s);
    typed.deny = {u"contractors"_s, u"*@lab-[0-9]"_s};
    typed.reserve = {{u"rendr"_s, 1}};
    QCOMPARE(dialog.findChild<QLabel *>(u"reserveMessage"_s)->text(), serverWords(typed));
    QVERIFY(!okButton(dialog)->isEnabled());
    group->setCurrentText(u"render"_s);
    seatsOf(dialog.reserveTable(), 0)->setValue(11);
    typed.reserve = {{u"render"_s, 11}};
    QCOMPARE(dialog.rulesMessage(), serverWords(typed));
    QVERIFY(dialog.rulesMessage().contains(u"11"_s));
    seatsOf(dialog.reserveTable(), 0)->setValue(3);
    QVERIFY2(okButton(dialog)->isEnabled(), qPrintable(dialog.rulesMessage()));

    // A cap below the group's reservation.
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"addCap"_s), Qt::LeftButton);
    groupOf(dialog.maxTable(), 0)->setCurrentText(u"render"_s);
    seatsOf(dialog.maxTable(), 0)->setValue(2);
    typed.reserve = {{u"render"_s, 3}};
    typed.max = {{u"render"_s, 2}};
    QCOMPARE(dialog.rulesMessage(), serverWords(typed));
    QVERIFY(!okButton(dialog)->isEnabled());
    seatsOf(dialog.maxTable(), 0)->setValue(5);
    QVERIFY(okButton(dialog)->isEnabled());
    QVERIFY(dialog.rulesChanged());
    QVERIFY(!dialog.groupsChanged());
    SeatRules expected;
    expected.deny = {u"contractors"_s, u"*@lab-[0-9]"_s};
    expected.reserve = {{u"render"_s, 3}};
    expected.max = {{u"render"_s, 5}};
    QCOMPARE(dialog.rules(), expected);
}

void TestSeatRulesUi::loweringTheSeatsBelowTheReservationsIsRefusedAsTyped()
{
    SeatRules rules;
    rules.reserve = {{u"render"_s, 3}, {u"contractors"_s, 4}};
    LicenseDialog dialog(acme(), {});
    dialog.setRules(rules, serverGroups());
    dialog.show();
    QVERIFY(okButton(dialog)->isEnabled());
    QVERIFY(!dialog.rulesChanged());
    dialog.findChild<QSpinBox *>(u"seatCount"_s)->setValue(6);
    QCOMPARE(dialog.rulesMessage(), serverWords(rules, 6));
    QVERIFY2(dialog.rulesMessage().contains(u"7"_s) && dialog.rulesMessage().contains(u"6"_s),
             qPrintable(dialog.rulesMessage()));
    QVERIFY(!okButton(dialog)->isEnabled());
    dialog.findChild<QSpinBox *>(u"seatCount"_s)->setValue(7);
    QVERIFY(okButton(dialog)->isEnabled());
}

void TestSeatRulesUi::savingTheDialogKeepsTheReclaimRule()
{
    // The idle reclaim rule (issue 26) reads back from the dialog's Idle seats as it was loaded: a
    // license that has one keeps it whatever else is changed, and changing only the seats saves no
    // rules at all (tst_idleseatsdialog edits it).
    SeatRules rules;
    rules.reserve = {{u"render"_s, 3}};
    rules.reclaimIdle = {{{}, 60, 10}, {u"render"_s, 120, 15}};
    LicenseDialog dialog(acme(), {});
    dialog.setRules(rules, serverGroups());
    dialog.show();
    QSpinBox *seats = dialog.findChild<QSpinBox *>(u"seatCount"_s);
    seats->selectAll();
    QTest::keyClicks(seats, u"12"_s);
    QCOMPARE(seats->value(), 12);
    QVERIFY(!dialog.rulesChanged());
    QTest::keyClicks(dialog.denyEdit(), u"*@lab-*"_s);
    QVERIFY(dialog.rulesChanged());
    QVERIFY(okButton(dialog)->isEnabled());
    SeatRules expected = rules;
    expected.deny = {u"*@lab-*"_s};
    QCOMPARE(dialog.rules(), expected);
}

void TestSeatRulesUi::groupsDialogValidatesAsTyped()
{
    GroupsDialog dialog(serverGroups());
    dialog.show();
    QVERIFY(okButton(dialog)->isEnabled());
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"addGroup"_s), Qt::LeftButton);
    QCOMPARE(dialog.table()->rowCount(), 3);
    QTest::keyClicks(dialog.editorAt(2, 0), u"render"_s);
    QTest::keyClicks(dialog.editorAt(2, 1), u"*@farm-"_s);
    ValidationError error;
    QVERIFY(!validateGroups(dialog.groups(), &error));
    QCOMPARE(dialog.validationMessage(), error.message);
    QVERIFY(dialog.validationMessage().contains(u"two groups named \"render\""_s));
    QVERIFY(!okButton(dialog)->isEnabled());
    dialog.editorAt(2, 0)->setText(u"farm"_s);
    QTest::keyClicks(dialog.editorAt(2, 1), u"[ node-?@farm"_s);
    QVERIFY(!validateGroups(dialog.groups(), &error));
    QCOMPARE(error.field, u"groups[2].patterns[0]"_s);
    QCOMPARE(dialog.validationMessage(), error.message);
    QVERIFY(!okButton(dialog)->isEnabled());
    dialog.editorAt(2, 1)->setText(u"*@farm-[0-9] node-?@farm"_s);
    QVERIFY2(okButton(dialog)->isEnabled(), qPrintable(dialog.validationMessage()));
    QCOMPARE(dialog.groups().at(2), (HolderGroup {u"farm"_s, {u"*@farm-[0-9]"_s, u"node-?@farm"_s}}));

    // The license dialog edits its own copy of the groups, saved with the license.
    LicenseDialog license(acme(), {});
    license.setRules({}, serverGroups());
    QVERIFY(!license.groupsChanged());
}

void TestSeatRulesUi::licenseDialogEditsItsGroupsInAWindowModalDialog()
{
    LicenseDialog dialog(acme(), {});
    dialog.setRules({}, serverGroups());
    dialog.show();
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"editGroups"_s), Qt::LeftButton);
    // The click has returned with the groups dialog open over the license dialog, not in an event
    // loop of its own.
    auto *groups = qobject_cast<GroupsDialog *>(QApplication::activeModalWidget());
    QVERIFY(groups);
    QCOMPARE(groups->parentWidget(), &dialog);
    QCOMPARE(groups->windowModality(), Qt::WindowModal);
    QTest::mouseClick(groups->findChild<QPushButton *>(u"addGroup"_s), Qt::LeftButton);
    QTest::keyClicks(groups->editorAt(2, 0), u"farm"_s);
    QTest::keyClicks(groups->editorAt(2, 1), u"*@farm-*"_s);
    QTest::mouseClick(okButton(*groups), Qt::LeftButton);

    // The license dialog keeps the edited groups, to save with the license, and offers the new one.
    QVERIFY(dialog.groupsChanged());
    QCOMPARE(dialog.groups().size(), 3);
    QCOMPARE(dialog.groups().at(2), (HolderGroup {u"farm"_s, {u"*@farm-*"_s}}));
    QVERIFY(dialog.findChild<QLabel *>(u"groupsSummary"_s)->text().contains(u"farm"_s));
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"addReservation"_s), Qt::LeftButton);
    QVERIFY(groupOf(dialog.reserveTable(), 0)->findText(u"farm"_s) >= 0);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.findChild<GroupsDialog *>(), 2000); // closed and gone

    // Cancel keeps what the license dialog had.
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"editGroups"_s), Qt::LeftButton);
    groups = qobject_cast<GroupsDialog *>(QApplication::activeModalWidget());
    QVERIFY(groups);
    groups->editorAt(2, 0)->setText(u"nodes"_s);
    groups->reject();
    QCOMPARE(dialog.groups().at(2).name, u"farm"_s);
}

void TestSeatRulesUi::viewersSeeTheRulesReadOnly()
{
    SeatRules rules;
    rules.allow = {u"render"_s, u"alice@ws-12"_s};
    rules.reserve = {{u"render"_s, 3}};
    LicenseDialog dialog(acme(), {});
    dialog.setRules(rules, serverGroups());
    dialog.setReadOnly(u"Read only: editing needs the admin role."_s);
    dialog.show();
    QCOMPARE(dialog.allowEdit()->text(), u"render alice@ws-12"_s);
    QVERIFY(dialog.allowEdit()->isReadOnly());
    QVERIFY(!groupOf(dialog.reserveTable(), 0)->isEnabled());
    QVERIFY(!seatsOf(dialog.reserveTable(), 0)->isEnabled());
    QVERIFY(!dialog.findChild<QPushButton *>(u"addReservation"_s)->isVisible());
    QVERIFY(!okButton(dialog));
    QVERIFY(dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Close));
    QVERIFY(dialog.findChild<QLabel *>(u"readOnlyNote"_s)->isVisible());

    GroupsDialog groups(serverGroups());
    groups.setReadOnly(u"Read only."_s);
    groups.show();
    QVERIFY(groups.editorAt(0, 1)->isReadOnly());
    QVERIFY(!groups.findChild<QPushButton *>(u"addGroup"_s)->isVisible());
    QVERIFY(!okButton(groups));
}

void TestSeatRulesUi::savingSendsGroupsThenLicenseThenRules()
{
    FakeAdminServer server;
    server.answers.insert(u"PUT /v1/groups"_s, {});
    server.answers.insert(u"PUT /v1/licenses/acme-cad"_s, {200, {{u"license"_s, acme().toJson()}}});
    SeatRules rules;
    rules.reserve = {{u"farm"_s, 2}};
    server.answers.insert(u"PUT /v1/licenses/acme-cad/rules"_s,
                          {200, {{u"licenseId"_s, u"acme-cad"_s}, {u"rules"_s, seatrules::rulesToJson(rules)}}});
    QNetworkAccessManager network;
    ManualClock clock(now);
    DashboardSession session(network, clock);
    session.setPollInterval(1h);
    session.connectTo(server.url(), "token");
    AdminActions actions(session);
    QSignalSpy saved(&actions, &AdminActions::licenseSaved);
    QSignalSpy failed(&actions, &AdminActions::failed);

    QList<HolderGroup> groups = serverGroups();
    groups << HolderGroup {u"farm"_s, {u"*@farm"_s}};
    LicenseSpec spec;
    spec.id = u"acme-cad"_s;
    spec.name = u"ACME CAD"_s;
    spec.seatCount = 10;
    QVERIFY(actions.saveLicense(spec, false, groups, rules));
    QTRY_VERIFY_WITH_TIMEOUT(saved.size() == 1 || !failed.isEmpty(), 5000);
    QVERIFY2(failed.isEmpty(),
             qPrintable(failed.value(0).value(2).toString() + u" | "_s + server.requests.join(u", "_s)));
    QCOMPARE(saved.size(), 1);
    // The rules name a new group and the license's seats must hold them: groups, license, rules.
    QCOMPARE(server.writes(),
             (QStringList {u"PUT /v1/groups"_s, u"PUT /v1/licenses/acme-cad"_s, u"PUT /v1/licenses/acme-cad/rules"_s}));
    QCOMPARE(server.bodies.value(u"PUT /v1/groups"_s).value(u"groups"_s).toArray().size(), 3);
    QCOMPARE(server.bodies.value(u"PUT /v1/licenses/acme-cad/rules"_s)
                 .value(u"rules"_s)
                 .toObject()
                 .value(u"reserve"_s)
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(u"group"_s)
                 .toString(),
             u"farm"_s);

    // Nothing changed in the groups: they are not sent.
    server.requests.clear();
    QVERIFY(actions.saveLicense(spec, false, std::nullopt, rules));
    QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 2, 5000);
    QCOMPARE(server.writes(), (QStringList {u"PUT /v1/licenses/acme-cad"_s, u"PUT /v1/licenses/acme-cad/rules"_s}));
}

void TestSeatRulesUi::aRefusalStopsTheSaveAndSaysTheServersWords()
{
    FakeAdminServer server;
    const QString inUse = u"the group \"render\" is named by the rules of acme-cad, render-farm"_s;
    server.answers.insert(u"PUT /v1/groups"_s, {409, {{u"error"_s, u"group_in_use"_s}, {u"message"_s, inUse}}});
    server.answers.insert(u"PUT /v1/licenses/acme-cad"_s, {200, {{u"license"_s, acme().toJson()}}});
    const QString tooMany = u"reservations add up to 12 seats, more than the license's 10"_s;
    server.answers.insert(
        u"PUT /v1/licenses/acme-cad/rules"_s,
        {400, {{u"error"_s, u"invalid_request"_s}, {u"field"_s, u"rules.reserve"_s}, {u"message"_s, tooMany}}});
    QNetworkAccessManager network;
    ManualClock clock(now);
    DashboardSession session(network, clock);
    session.setPollInterval(1h);
    session.connectTo(server.url(), "token");
    AdminActions actions(session);
    QSignalSpy saved(&actions, &AdminActions::licenseSaved);
    QSignalSpy failed(&actions, &AdminActions::failed);
    LicenseSpec spec;
    spec.id = u"acme-cad"_s;
    spec.name = u"ACME CAD"_s;
    spec.seatCount = 10;

    // The groups are refused: neither the license nor its rules are sent.
    QVERIFY(actions.saveLicense(spec, false, QList<HolderGroup> {}, SeatRules {}));
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 5000);
    QCOMPARE(failed.at(0).at(0).value<AdminActions::Action>(), AdminActions::Action::EditGroups);
    // A code the dashboard knows: its own sentence first, the server's words only as detail.
    QVERIFY2(failed.at(0).at(2).toString().startsWith(u"A group that some license's seat rules name"_s),
             qPrintable(failed.at(0).at(2).toString()));
    QVERIFY2(failed.at(0).at(2).toString().contains(inUse), qPrintable(failed.at(0).at(2).toString()));
    QCOMPARE(server.writes(), QStringList {u"PUT /v1/groups"_s});

    // The rules are refused after the license was saved: said with the server's field words.
    server.requests.clear();
    SeatRules rules;
    rules.reserve = {{u"render"_s, 12}};
    QVERIFY(actions.saveLicense(spec, false, std::nullopt, rules));
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 2, 5000);
    QCOMPARE(failed.at(1).at(0).value<AdminActions::Action>(), AdminActions::Action::EditRules);
    QCOMPARE(failed.at(1).at(2).toString(),
             u"The server refused the value of rules.reserve. (The server said: %1)"_s.arg(tooMany));
    QCOMPARE(server.writes(), (QStringList {u"PUT /v1/licenses/acme-cad"_s, u"PUT /v1/licenses/acme-cad/rules"_s}));
    QCOMPARE(saved.size(), 0);
}

void TestSeatRulesUi::theRealServerKeepsWhatIsSavedAndRefusesInItsWords()
{
    ManualClock clock(now);
    TestServer server(TestServer::Options {.clock = &clock, .demo = true});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    QNetworkAccessManager network;
    DashboardSession session(network, clock);
    session.setPollInterval(200ms);
    session.connectTo(server.url(), server.adminToken());
    AdminActions actions(session);
    QSignalSpy saved(&actions, &AdminActions::licenseSaved);
    QSignalSpy failed(&actions, &AdminActions::failed);

    const QList<HolderGroup> groups {{u"render"_s, {u"*@render-*"_s}}, {u"laptops"_s, {u"*@laptop-*"_s}}};
    SeatRules rules;
    rules.reserve = {{u"render"_s, 2}};
    rules.max = {{u"laptops"_s, 3}};
    LicenseSpec spec;
    spec.id = u"acme-cad"_s;
    spec.name = u"ACME CAD"_s;
    spec.seatCount = 10;
    QVERIFY(actions.saveLicense(spec, false, groups, rules));
    QTRY_VERIFY_WITH_TIMEOUT(saved.size() == 1 || !failed.isEmpty(), 10000);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(2).toString()));
    int status = 0;
    const QJsonObject kept = server.adminCall("GET", u"/v1/licenses/acme-cad/rules"_s, {}, &status);
    QCOMPARE(status, 200);
    QCOMPARE(seatrules::rulesFromJson(kept.value(u"rules"_s), u"rules"_s), std::optional<SeatRules>(rules));

    // The listing the Seats page polls carries them: 2 reserved seats, idle, 8 free.
    session.setSelectedLicenses({u"acme-cad"_s});
    QTRY_VERIFY_WITH_TIMEOUT(
        session.licenseDetails(u"acme-cad"_s) && session.licenseDetails(u"acme-cad"_s)->rules == rules, 10000);
    QCOMPARE(session.licenseDetails(u"acme-cad"_s)->usage.reservedIdle(), 2);
    QCOMPARE(session.licenseDetails(u"acme-cad"_s)->usage.free(), 8);

    // Too many reserved seats: refused by the server with validateRules' own words.
    SeatRules tooMany = rules;
    tooMany.reserve = {{u"render"_s, 11}};
    QVERIFY(actions.saveLicense(spec, false, std::nullopt, tooMany));
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
    QCOMPARE(failed.at(0).at(0).value<AdminActions::Action>(), AdminActions::Action::EditRules);
    ValidationError expected;
    QVERIFY(!validateRules(tooMany, groups, 10, &expected));
    QVERIFY2(failed.at(0).at(2).toString().contains(expected.message), qPrintable(failed.at(0).at(2).toString()));

    // A group the rules still name cannot go: the server names it and the license.
    QVERIFY(actions.saveGroups({groups.at(1)}));
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 2, 10000);
    QCOMPARE(failed.at(1).at(0).value<AdminActions::Action>(), AdminActions::Action::EditGroups);
    const QString inUse = failed.at(1).at(2).toString();
    QVERIFY2(inUse.contains(u"render"_s) && inUse.contains(u"acme-cad"_s), qPrintable(inUse));
}

void TestSeatRulesUi::seatsPageShowsTheSplitAndTheLine()
{
    QNetworkAccessManager network;
    ManualClock clock(now);
    DashboardSession session(network, clock);
    SeatsPage page(session);
    page.resize(1280, 720);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    feedReservedLicense(session);
    QTRY_VERIFY_WITH_TIMEOUT(!page.selectedLicenseIds().isEmpty(), 2000);
    feedReservedLicense(session); // the poll after the selection, as the session makes it

    // The split: 5 in use, 2 of render's 3 reserved seats idle, 3 free.
    const QModelIndex seats = session.licenses().index(0, LicenseListModel::SeatsColumn);
    QCOMPARE(seats.data(LicenseListModel::ReservedIdleRole).toInt(), 2);
    QCOMPARE(seats.data(LicenseListModel::FreeRole).toInt(), 3);
    const QString summary = page.findChildren<QLabel *>().value(0)->text();
    bool said = false;
    for (QLabel *label : page.findChildren<QLabel *>())
        // The count stays with its word, a no-break space between them (walk 58a, 8).
        said = said || (label->text().contains(u"2 reserved and idle"_s) && label->text().contains(u"3\u00a0free"_s));
    QVERIFY2(said, qPrintable(summary));
    QVERIFY(page.seatLegend()->isVisible());
    QVERIFY(page.seatLegend()->text().contains(u"reserved for a group, idle"_s));

    // The seat bar shows the reserved part in its own colour.
    QTableView *licenses = page.licensesView();
    const QRect bar = licenses->visualRect(licenses->model()->index(0, LicenseListModel::SeatsColumn));
    const QImage image = licenses->viewport()->grab(bar).toImage();
    const QColor reserved = StatePalette::fill(StatePalette::ReservedSeat);
    int teal = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x)
            teal += image.pixelColor(x, y) == reserved ? 1 : 0;
    }
    QVERIFY2(teal > 20, qPrintable(QString::number(teal)));

    // Per holder: what each seat counts against.
    QSortFilterProxyModel *holders = page.holdersProxy();
    QHash<QString, QString> against;
    for (int r = 0; r < holders->rowCount(); ++r)
        against.insert(holders->index(r, LeaseTableModel::HolderColumn).data().toString(),
                       holders->index(r, LeaseTableModel::CountsAgainstColumn).data().toString());
    QCOMPARE(against.value(u"gus@render-1"_s), u"reserved for render"_s);
    QCOMPARE(against.value(u"ann@contractor-3"_s), u"max contractors: 1 of 2"_s);
    QVERIFY(!page.holdersView()->isColumnHidden(LeaseTableModel::CountsAgainstColumn));

    // The line, under the holders: the held seat first, then the waiters in order.
    QTableView *line = page.lineView();
    QVERIFY(line->isVisible());
    QCOMPARE(line->model()->rowCount(), 3);
    QCOMPARE(line->model()->index(0, QueueTableModel::HolderColumn).data().toString(), u"dana@ws-21"_s);
    QCOMPARE(line->model()->index(1, QueueTableModel::PositionColumn).data().toString(), u"1"_s);
    QCOMPARE(line->model()->index(2, QueueTableModel::HolderColumn).data().toString(), u"farah@ws-02"_s);
    QVERIFY(line->mapToGlobal(QPoint(0, 0)).y() > page.holdersView()->mapToGlobal(QPoint(0, 0)).y());

    // The line empties: it says so.
    LeaseList empty;
    empty.licenseId = u"acme-cad"_s;
    empty.serverTime = now;
    empty.seatCount = 10;
    session.applyLeaseLists({empty});
    QVERIFY(!line->isVisible());
    QVERIFY(page.findChild<QLabel *>(u"lineEmpty"_s)->isVisible());
}

void TestSeatRulesUi::screenshots_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << u"en"_s;
    QTest::newRow("fr") << u"fr"_s;
}

void TestSeatRulesUi::screenshots()
{
    const QString dir = qEnvironmentVariable("KEYRIGHT_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("KEYRIGHT_SCREENSHOT_DIR not set");
    QFETCH(QString, language);
    m_languages.apply(language);

    QNetworkAccessManager network;
    ManualClock clock(now);
    DashboardSession session(network, clock);
    SeatsPage page(session);
    page.resize(1280, 720);
    // The holders and what they count against need the room more than the license list does.
    page.splitter()->setSizes({500, 780});
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    feedReservedLicense(session);
    QTRY_VERIFY_WITH_TIMEOUT(!page.selectedLicenseIds().isEmpty(), 2000);
    feedReservedLicense(session);
    QTest::qWait(200);
    QVERIFY(page.grab().save(QDir(dir).filePath(u"seats-rules-page-%1.png"_s.arg(language))));

    SeatRules rules;
    rules.deny = {u"*@kiosk-*"_s};
    rules.reserve = {{u"render"_s, 3}};
    rules.max = {{u"contractors"_s, 2}};
    LicenseDialog dialog(acme(5, 3), {});
    dialog.setRules(rules, serverGroups());
    dialog.resize(1280, 720);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    seatsOf(dialog.reserveTable(), 0)->setValue(11);
    QTest::qWait(100);
    QVERIFY(dialog.grab().save(QDir(dir).filePath(u"seats-rules-dialog-%1.png"_s.arg(language))));
}

QTEST_MAIN(TestSeatRulesUi)
#include "tst_seatrulesui.moc"
