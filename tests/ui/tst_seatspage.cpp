// The Seats page on its own, fed the way a poll feeds it (no server): what the holders table shows
// and what the once-a-second countdown tick repaints.
#include "DashboardSession.h"
#include "DashboardSettings.h"
#include "LanguageManager.h"
#include "LeaseTableModel.h"
#include "LedgerBar.h"
#include "LedgerSentence.h"
#include "LicenseListModel.h"
#include "ManualClock.h"
#include "SeatBarDelegate.h"
#include "SeatsPage.h"
#include "StatePalette.h"
#include "UsageChartView.h"
#include "simulator/ScenarioPreset.h"

#include <QApplication>
#include <QBrush>
#include <QContextMenuEvent>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMouseEvent>
#include <QNetworkAccessManager>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QTimeZone>
#include <QToolButton>
#include <QTranslator>
#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

namespace {

const QDateTime now(QDate(2026, 11, 30), QTime(10, 0), Qt::LocalTime);

// One license whose holders are user<n> for each n of `numbers`, each taken at `heldSince`.
void feedNumbers(DashboardSession &session, const QList<int> &numbers, const QDateTime &heldSince)
{
    LicenseList licenses;
    licenses.serverTime = now;
    LicenseSummary summary;
    summary.id = u"acme-cad"_s;
    summary.name = u"ACME CAD"_s;
    summary.seatCount = int(numbers.size()) + 5;
    summary.inUse = int(numbers.size());
    summary.ttlSeconds = 60;
    summary.skewSeconds = 5;
    summary.reapGraceSeconds = 15;
    licenses.licenses << summary;
    session.licenses().applyList(licenses);

    LeaseList list;
    list.licenseId = summary.id;
    list.serverTime = now;
    list.seatCount = summary.seatCount;
    for (const int n : numbers) {
        LeaseRow row;
        row.lease.licenseId = list.licenseId;
        row.lease.seatId = u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
        row.lease.holder = u"user%1@ws-%2"_s.arg(n).arg(n % 13);
        row.lease.generation = quint64(n);
        row.lease.issuedAt = heldSince;
        row.lease.expiresAt = now.addSecs(10 + n % 50);
        row.lease.signature = QByteArray(64, char(n));
        row.live = true;
        row.reapableAt = row.lease.expiresAt.addSecs(15);
        row.signatureValid = true;
        list.leases << row;
    }
    list.inUse = int(numbers.size());
    session.applyLeaseLists({list});
}

// One license with `holders` leases, each taken at `heldSince`.
void feed(DashboardSession &session, int holders, const QDateTime &heldSince)
{
    QList<int> numbers;
    for (int n = 1; n <= holders; ++n)
        numbers << n;
    feedNumbers(session, numbers, heldSince);
}

// Five seats of acme-cad, one reserved for cad: user1@ws-1 idle for 74 minutes, user2@ws-2 at work.
LeaseList ledgerListing()
{
    LeaseList list;
    list.licenseId = u"acme-cad"_s;
    list.serverTime = now;
    list.seatCount = 5;
    list.groups << HolderGroup {u"cad"_s, {u"cad*"_s}};
    list.rules.reserve << GroupSeats {u"cad"_s, 1};
    for (int n = 1; n <= 2; ++n) {
        LeaseRow row;
        row.lease.licenseId = list.licenseId;
        row.lease.seatId = u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
        row.lease.holder = u"user%1@ws-%1"_s.arg(n);
        row.lease.generation = quint64(n);
        row.lease.issuedAt = now.addSecs(-20);
        row.lease.expiresAt = now.addSecs(40);
        row.lease.signature = QByteArray(64, char(n));
        row.live = true;
        row.reapableAt = row.lease.expiresAt.addSecs(15);
        row.signatureValid = true;
        row.lastActivityAt = now.addSecs(n == 1 ? -74 * 60 : -10);
        list.leases << row;
    }
    list.inUse = 2;
    return list;
}

// The ledger's five seats of acme-cad, three in use of which one borrowed, on a shown page.
void showFiveSeatsOneBorrowed(DashboardSession &session, SeatsPage &page)
{
    feed(session, 3, now.addSecs(-3 * 3600));
    LicenseList licenses;
    licenses.serverTime = now;
    LicenseSummary summary = session.licenses().licenseAt(0);
    summary.seatCount = 5;
    summary.inUse = 3;
    summary.borrowed = 1;
    licenses.licenses << summary;
    session.licenses().applyList(licenses);
    page.selectLicense(u"acme-cad"_s);
}

// Seat n of the listing, borrowed by holder until `until` (no heartbeat, so no activity).
LeaseRow borrowedRow(const LeaseList &list, int n, const QString &holder, const QDateTime &until)
{
    LeaseRow row = list.leases.at(1);
    row.lease.seatId = u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
    row.lease.holder = holder;
    row.lease.generation = quint64(n);
    row.lease.expiresAt = until;
    row.lease.borrowed = true;
    row.reapableAt = until.addSecs(15);
    row.lastActivityAt = {};
    return row;
}

// A Seats page on screen, with its own session on a manual clock and no server.
struct ShownPage
{
    ShownPage(int width, int height)
    {
        page.resize(width, height);
        page.show();
    }
    bool exposed() { return QTest::qWaitForWindowExposed(&page); }

    QNetworkAccessManager network;
    ManualClock clock {now};
    DashboardSession session {network, clock};
    SeatsPage page {session};
};

class PaintCounter final : public QObject
{
public:
    int paints = 0;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            ++paints;
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

class TestSeatsPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void aLicenseNearItsEndSaysSoAboveItsHolders();
    void theWaitingLineFoldsAwayForTheHolders();
    void tickRepaintsTheRowsOnScreen();
    void heldSinceOnAnotherDayIsReadable_data();
    void heldSinceOnAnotherDayIsReadable();
    void theHoldersLayoutOfTheLastVersionComesBack_data();
    void licenseTitlesAreWholeInEveryLanguage_data();
    void licenseTitlesAreWholeInEveryLanguage();
    void narrowPageKeepsNamesAndFilterWords();
    void sandboxNameIsInTheLanguage();
    void longLicenseNamesLeaveTheSeatsInView();
    void sandboxesShowTheirScenarioAndEveryColumnFits();
    void anotherLicenseInAnOutageHasHoldersNotKnown();
    void theLegendNamesEveryColourOfTheSeatBars();
    void sandboxesComeAfterTheRealLicensesGreyed();
    void aLargeScreenKeepsTheLegendAndEveryLicense();
    void theLegendFoldsAtStartUpOnAShortScreen_data();
    void theLegendFoldsAtStartUpOnAShortScreen();
    void theBorrowedLineKeepsItsDatesOnAProjector();
    void chartForgetsTheLastServer();
    void aFourDigitCountIsNeverCovered();
    void theFirstSplitFitsTheLicensesAndLeavesTheHolders_data();
    void theFirstSplitFitsTheLicensesAndLeavesTheHolders();
    void usageChartTicksAreRoundAndReadable_data();
    void usageChartTicksAreRoundAndReadable();
    void theHoldersLayoutOfTheLastVersionComesBack();
    void aLayoutSavedBeforeIdleForStillShowsIt();
    void aNarrowPaneShowsStateAndSignature_data();
    void aNarrowPaneShowsStateAndSignature();
    void aSplitSavedOnALargerScreenIsClamped();
    void aFullLedgerAndALineFitAShortScreen();
    void theClickedHolderStaysSelectedWhenManyLeave();
    void aOneSeatLicenseSaysSeat_data();
    void aOneSeatLicenseSaysSeat();
    void idleForShowsEachHoldersIdleTimeAndSorts();
    void theLedgerBarAccountsForEverySeat();
    void freeSeatsLookAlikeInBothBarsAndTheLegend();
    void theLedgerActionsAreReachedByKeyboard();
    void aLedgerLinesMenuOpensWhereItIsAsked();
    void anUnchangedLedgerIsNotLaidOutAgain();
    void aBorrowedSeatIsShownApartAndCounted();
    void aWrittenOffSeatIsNamedInTheLiveLedger();
};

void TestSeatsPage::cleanup()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom));
}

void TestSeatsPage::tickRepaintsTheRowsOnScreen()
{
    ShownPage shown(1280, 720);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    SeatsPage &page = shown.page;
    feed(session, 300, now.addSecs(-30));
    QTRY_COMPARE_WITH_TIMEOUT(page.holdersProxy()->rowCount(), 300, 2000);
    QTableView *view = page.holdersView();
    QTRY_VERIFY_WITH_TIMEOUT(view->isVisible(), 2000);

    // Time passes: the session's own tick updates the countdown of every row a person sees (a
    // screenful: not zero, not all 300) and the table repaints them.
    QSignalSpy changed(&session.leases(), &QAbstractItemModel::dataChanged);
    QSignalSpy ticked(&session, &DashboardSession::ticked);
    PaintCounter paints;
    view->viewport()->installEventFilter(&paints);
    shown.clock.advance(5s);
    QVERIFY(ticked.wait(2500));
    QSet<int> covered;
    for (const QList<QVariant> &args : std::as_const(changed)) {
        const auto topLeft = args.at(0).value<QModelIndex>();
        const auto bottomRight = args.at(1).value<QModelIndex>();
        // The countdown and the idle time are the columns that move with the clock.
        QVERIFY(topLeft.column() == int(LeaseTableModel::CountdownColumn)
                || topLeft.column() == int(LeaseTableModel::IdleForColumn));
        for (int r = topLeft.row(); r <= bottomRight.row(); ++r)
            covered.insert(r);
    }
    QSet<int> onScreen;
    const QRect viewport = view->viewport()->rect();
    for (int r = 0; r < page.holdersProxy()->rowCount(); ++r) {
        const QModelIndex cell = page.holdersProxy()->index(r, LeaseTableModel::CountdownColumn);
        if (view->visualRect(cell).intersects(viewport))
            onScreen.insert(page.holdersProxy()->mapToSource(cell).row());
    }
    QVERIFY2(onScreen.size() >= 10 && onScreen.size() < 60, qPrintable(QString::number(onScreen.size())));
    QCOMPARE(covered, onScreen);
    QTRY_VERIFY_WITH_TIMEOUT(paints.paints > 0, 2000);
}

void TestSeatsPage::heldSinceOnAnotherDayIsReadable_data()
{
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<QString>("shown");

    QTest::newRow("English") << QLocale(QLocale::English, QLocale::UnitedKingdom) << u"29 Sept 23:40"_s;
    QTest::newRow("French") << QLocale(QLocale::French, QLocale::France) << u"29 sept. 23:40"_s;
}

void TestSeatsPage::heldSinceOnAnotherDayIsReadable()
{
    QFETCH(QLocale, locale);
    QFETCH(QString, shown);
    QLocale::setDefault(locale);
    ShownPage onScreen(1280, 720);
    QVERIFY(onScreen.exposed());
    DashboardSession &session = onScreen.session;
    SeatsPage &page = onScreen.page;
    feed(session, 3, QDateTime(QDate(2026, 9, 29), QTime(23, 40), Qt::LocalTime));
    QTRY_COMPARE_WITH_TIMEOUT(page.holdersProxy()->rowCount(), 3, 2000);

    // The whole short date fits its column, with the cell's margins: nothing is cut to "…".
    QTableView *view = page.holdersView();
    const QModelIndex cell = page.holdersProxy()->index(0, LeaseTableModel::HeldSinceColumn);
    QCOMPARE(cell.data().toString(), shown);
    const int needed = QFontMetrics(view->font()).horizontalAdvance(shown) + 12;
    QVERIFY2(view->columnWidth(LeaseTableModel::HeldSinceColumn) >= needed,
             qPrintable(u"%1 < %2"_s.arg(view->columnWidth(LeaseTableModel::HeldSinceColumn)).arg(needed)));
    QVERIFY(cell.data(Qt::ToolTipRole).toString().contains(u"2026-09-29 23:40:00"_s));
}

void TestSeatsPage::licenseTitlesAreWholeInEveryLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << u"en"_s;
    QTest::newRow("French") << u"fr"_s;
}

// The Licenses table's short columns (TTL, Skew, Grace, Denied) show their titles whole, also in
// French ("Durée", "Décalage"), and also after the language is switched with the page open.
void TestSeatsPage::licenseTitlesAreWholeInEveryLanguage()
{
    QFETCH(QString, language);
    LanguageManager languages;
    ShownPage shown(1440, 900);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    SeatsPage &page = shown.page;
    feed(session, 3, now.addSecs(-30));
    QCOMPARE(languages.apply(language), language);
    QTableView *view = page.licensesView();
    const QFontMetrics header(view->horizontalHeader()->font());
    for (int column : {LicenseListModel::TtlColumn, LicenseListModel::SkewColumn, LicenseListModel::GraceColumn,
                       LicenseListModel::DeniedColumn}) {
        QTRY_COMPARE(view->model()->headerData(LicenseListModel::TtlColumn, Qt::Horizontal).toString(),
                     language == u"en"_s ? u"TTL"_s : u"Durée"_s);
        const QString title = view->model()->headerData(column, Qt::Horizontal).toString();
        // The title, the header's margins and the sort arrow's room.
        const int needed = header.horizontalAdvance(title) + 24;
        // (The language change reaches the page as a posted event.)
        QTRY_VERIFY2(view->columnWidth(column) >= needed,
                     qPrintable(u"\"%1\" in %2 px, needs %3"_s.arg(title).arg(view->columnWidth(column)).arg(needed)));
    }
    QCOMPARE(languages.apply(u"en"_s), u"en"_s);
}

// A simulator sandbox license is named in the dashboard's language in the holders' and the chart's
// titles too, whatever language the dashboard that made it had (walk-through 50, F13).
void TestSeatsPage::sandboxNameIsInTheLanguage()
{
    LanguageManager languages;
    const auto restore = qScopeGuard([&languages] { languages.apply(u"en"_s); });
    ShownPage shown(1440, 900);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    const auto preset = ScenarioPreset::make(10);
    QVERIFY(preset);
    LicenseList licenses;
    licenses.serverTime = now;
    LicenseSummary summary;
    summary.id = preset->licenses.first().id;
    summary.name = u"Simulator sandbox: 10. A laptop goes on a trip"_s; // as an English dashboard made it
    summary.seatCount = 3;
    summary.ttlSeconds = 60;
    summary.skewSeconds = 5;
    summary.reapGraceSeconds = 15;
    licenses.licenses << summary;
    session.licenses().applyList(licenses);
    QCOMPARE(languages.apply(u"fr"_s), u"fr"_s);
    const auto holdersTitle = [&shown] {
        for (QLabel *label : shown.page.findChildren<QLabel *>()) {
            if (label->text().startsWith(u"Détenteurs de"_s))
                return label->text();
        }
        return QString();
    };
    QTRY_COMPARE(holdersTitle(), u"Détenteurs de Bac à sable du simulateur : 10. Un portable part en voyage"_s);
    QVERIFY2(shown.page.chart()->chart()->title().contains(u"Bac à sable du simulateur : 10. Un portable"_s),
             qPrintable(shown.page.chart()->chart()->title()));
}

// Walk-through 51b (N3): at 1280x720 and 150 % (853 px), the long names of simulator sandboxes
// widened the License column and pushed the Seats column ("3 / 4" and its bar) out of view. The
// name is elided instead, whole in its tooltip, and the seats stay beside it.
void TestSeatsPage::longLicenseNamesLeaveTheSeatsInView()
{
    ShownPage shown(853, 480);
    QVERIFY(shown.exposed());
    LicenseList licenses;
    licenses.serverTime = now;
    const auto add = [&licenses](const QString &id, const QString &name) {
        LicenseSummary summary;
        summary.id = id;
        summary.name = name;
        summary.seatCount = 4;
        summary.inUse = 3;
        summary.ttlSeconds = 60;
        summary.skewSeconds = 5;
        summary.reapGraceSeconds = 15;
        licenses.licenses << summary;
    };
    add(u"render-farm"_s, u"Render farm"_s);
    const QString longName = u"Simulator sandbox: 10. A laptop goes on a trip"_s;
    add(ScenarioPreset::make(10)->licenses.first().id, longName);
    add(ScenarioPreset::make(11)->licenses.first().id,
        u"Simulator sandbox: 11. The borrowed laptop's clock is turned back"_s);
    shown.session.licenses().applyList(licenses);
    auto *table = shown.page.findChild<QTableView *>(u"licensesTable"_s);
    QVERIFY(table);
    const int seats = LicenseListModel::SeatsColumn;
    QTRY_VERIFY2(table->columnViewportPosition(seats) >= 0
                     && table->columnViewportPosition(seats) + table->columnWidth(seats) <= table->viewport()->width(),
                 qPrintable(u"seats at %1..%2 px of a %3 px table"_s.arg(table->columnViewportPosition(seats))
                                .arg(table->columnViewportPosition(seats) + table->columnWidth(seats))
                                .arg(table->viewport()->width())));
    QVERIFY(table->columnWidth(LicenseListModel::NameColumn) < table->fontMetrics().horizontalAdvance(longName));
    // The whole name is in the tooltip of the elided one.
    bool found = false;
    for (int r = 0; r < table->model()->rowCount(); ++r) {
        const QModelIndex name = table->model()->index(r, LicenseListModel::NameColumn);
        if (name.data().toString() == longName) {
            found = true;
            QVERIFY2(name.data(Qt::ToolTipRole).toString().startsWith(longName),
                     qPrintable(name.data(Qt::ToolTipRole).toString()));
        }
    }
    QVERIFY(found);
}

// Walk-through 51b (N4): in an outage, a license chosen after the server went away has no rows; the
// page said "Nobody holds a seat" under "3 of 4 in use". It says its holders are not known.
void TestSeatsPage::anotherLicenseInAnOutageHasHoldersNotKnown()
{
    ShownPage shown(1440, 900);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    feed(session, 2, now.addSecs(-600));
    LicenseList licenses;
    licenses.serverTime = now;
    licenses.licenses << session.licenses().licenseAt(0);
    LicenseSummary other = licenses.licenses.first();
    other.id = u"render-farm"_s;
    other.name = u"Render farm"_s;
    other.seatCount = 4;
    other.inUse = 3;
    licenses.licenses << other;
    session.licenses().applyList(licenses);
    auto *table = shown.page.findChild<QTableView *>(u"licensesTable"_s);
    auto *empty = shown.page.findChild<QLabel *>(u"holdersEmpty"_s);
    QVERIFY(table && empty);
    QTRY_COMPARE(table->selectionModel()->selectedRows().size(), 1);
    // The server stops answering: the rows of the last poll stay, dated.
    session.leases().setStaleSince(now.addSecs(-30));
    int row = -1;
    for (int r = 0; r < table->model()->rowCount(); ++r) {
        if (table->model()->index(r, LicenseListModel::NameColumn).data().toString() == u"Render farm"_s)
            row = r;
    }
    QVERIFY(row >= 0);
    const QRect cell = table->visualRect(table->model()->index(row, LicenseListModel::NameColumn));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QTRY_VERIFY(empty->isVisible());
    const QString asOf = now.addSecs(-30).toString(u"HH:mm:ss"_s);
    QCOMPARE(empty->text(),
             u"Holders not known: the server could not be reached since %1, so who holds these "
             "seats was never read."_s.arg(asOf));
    QVERIFY(!empty->text().contains(u"Nobody"_s));
}

// Walk-through 51b (F8): the legend under the licenses lacked the borrowed seats' colour. Each
// colour the seat bars draw has its entry, from the same palette.
void TestSeatsPage::theLegendNamesEveryColourOfTheSeatBars()
{
    ShownPage shown(1440, 900);
    QVERIFY(shown.exposed());
    LicenseList licenses;
    licenses.serverTime = now;
    LicenseSummary lending;
    lending.id = u"render-farm"_s;
    lending.name = u"Render farm"_s;
    lending.seatCount = 4;
    lending.inUse = 2;
    lending.borrowed = 1;
    lending.borrow.allowed = true;
    lending.borrow.maxDays = 7;
    lending.borrow.maxBorrowed = 2;
    lending.ttlSeconds = 60;
    lending.skewSeconds = 5;
    lending.reapGraceSeconds = 15;
    LicenseSummary full = lending;
    full.id = u"solver"_s;
    full.name = u"Solver"_s;
    full.inUse = 4;
    full.borrowed = 0;
    full.borrow = {};
    licenses.licenses << lending << full;
    shown.session.licenses().applyList(licenses);
    QLabel *legend = shown.page.seatLegend();
    QTRY_VERIFY(legend->isVisible());
    QVERIFY2(legend->text().contains(u"borrowed or written off"_s), qPrintable(legend->text()));

    // Every state colour found in the bars is in the legend.
    auto *table = shown.page.findChild<QTableView *>(u"licensesTable"_s);
    QVERIFY(table);
    QSet<QRgb> drawn;
    for (int r = 0; r < table->model()->rowCount(); ++r) {
        const QRect bar = table->visualRect(table->model()->index(r, LicenseListModel::SeatsColumn));
        const QImage image = table->viewport()->grab(bar).toImage();
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x)
                drawn.insert(image.pixelColor(x, y).rgb());
        }
    }
    int found = 0;
    for (int role = 0; role < StatePalette::RoleCount; ++role) {
        const QColor fill = StatePalette::fill(StatePalette::Role(role));
        if (!drawn.contains(fill.rgb()))
            continue;
        ++found;
        QVERIFY2(
            legend->text().contains(fill.name()),
            qPrintable(
                u"the bars draw %1 (role %2), the legend says: %3"_s.arg(fill.name()).arg(role).arg(legend->text())));
    }
    QVERIFY2(drawn.contains(StatePalette::fill(StatePalette::Borrowed).rgb()), "no borrowed part in the bar");
    QVERIFY2(found >= 3, qPrintable(u"%1 state colours in the bars"_s.arg(found))); // in use, borrowed, full
}

namespace {

// Three real licenses and three simulator sandboxes, the idle hog's full, as the embedded demo
// shows them once the simulator has played (walk 52).
LicenseList demoAndSandboxes()
{
    LicenseList licenses;
    licenses.serverTime = now;
    const auto add = [&licenses](const QString &id, const QString &name, int seats, int inUse) {
        LicenseSummary summary;
        summary.id = id;
        summary.name = name;
        summary.seatCount = seats;
        summary.inUse = inUse;
        summary.ttlSeconds = 60;
        summary.skewSeconds = 5;
        summary.reapGraceSeconds = 15;
        licenses.licenses << summary;
    };
    add(u"acme-cad"_s, u"ACME CAD"_s, 10, 3);
    add(u"sim-idle-hog-k3x9"_s, u"Simulator sandbox k3x9: 9. The idle hog"_s, 1, 1);
    add(u"render-farm"_s, u"Render farm"_s, 4, 2);
    add(u"sim-laptop-trip-k3x9"_s, u"Simulator sandbox k3x9: 10. A laptop goes on a trip"_s, 3, 0);
    add(u"training-demo"_s, u"Training demo"_s, 3, 1);
    add(u"sim-rollback-k3x9"_s, u"Simulator sandbox k3x9: 5. Clock rollback"_s, 2, 1);
    licenses.licenses[2].borrow.allowed = true; // the render farm lends seats
    licenses.licenses[2].borrow.maxDays = 7;
    licenses.licenses[2].borrow.maxBorrowed = 2;
    return licenses;
}

QStringList shownIds(const QTableView *table)
{
    QStringList ids;
    for (int r = 0; r < table->model()->rowCount(); ++r)
        ids << table->model()->index(r, 0).data(LicenseListModel::LicenseIdRole).toString();
    return ids;
}

} // namespace

// Walk 55, 2: the sandboxes' names were cut at their start ("…dbox 5hz4: 4. Flaky network", "…
// laptop's clock is turned back" without its "11."), since each began "Simulator sandbox 5hz4: ",
// which the "simulator" tag already says; and the list scrolled sideways with "Denied (1 h)" cut
// to "Denied (1". A sandbox shows its scenario, its whole name in the tooltip, and every column of
// the list is in view.
void TestSeatsPage::sandboxesShowTheirScenarioAndEveryColumnFits()
{
    ShownPage shown(1280, 720);
    QVERIFY(shown.exposed());
    LicenseList licenses = demoAndSandboxes();
    const auto preset = ScenarioPreset::make(11);
    QVERIFY(preset);
    LicenseSummary clockBack = licenses.licenses.first();
    clockBack.id = preset->licenses.first().id + u"-5hz4"_s;
    clockBack.name = u"Simulator sandbox 5hz4: 11. The borrowed laptop's clock is turned back"_s;
    clockBack.inUse = 1;
    clockBack.seatCount = 1;
    licenses.licenses << clockBack;
    shown.session.licenses().applyList(licenses);
    QTableView *table = shown.page.licensesView();
    QTRY_COMPARE(table->model()->rowCount(), 7);

    const int row = int(shownIds(table).indexOf(clockBack.id));
    QVERIFY(row >= 0);
    const QModelIndex name = table->model()->index(row, LicenseListModel::NameColumn);
    QCOMPARE(name.data(LicenseListModel::SandboxScenarioRole).toString(),
             u"11. The borrowed laptop's clock is turned back"_s);
    QVERIFY2(name.data(Qt::ToolTipRole).toString().startsWith(clockBack.name),
             qPrintable(name.data(Qt::ToolTipRole).toString()));
    // A real license shows its name, and has no scenario.
    const QModelIndex real = table->model()->index(int(shownIds(table).indexOf(u"acme-cad"_s)), 0);
    QCOMPARE(real.data().toString(), u"ACME CAD"_s);
    QVERIFY(real.data(LicenseListModel::SandboxScenarioRole).isNull());

    // Every column whole in the list, its title too: no sideways scrolling.
    QHeaderView *header = table->horizontalHeader();
    QTRY_VERIFY(table->viewport()->width() > 0);
    QCoreApplication::processEvents();
    const QFontMetrics titles(header->font());
    for (int column = 0; column < header->count(); ++column) {
        if (header->isSectionHidden(column))
            continue;
        const int right = header->sectionViewportPosition(column) + header->sectionSize(column);
        QVERIFY2(right <= table->viewport()->width(),
                 qPrintable(u"column %1 ends at %2 px of a %3 px list"_s.arg(column).arg(right).arg(
                     table->viewport()->width())));
        if (column != LicenseListModel::NameColumn) {
            const QString title = table->model()->headerData(column, Qt::Horizontal).toString();
            QVERIFY2(header->sectionSize(column) >= titles.horizontalAdvance(title) + 16,
                     qPrintable(u"\"%1\" in %2 px"_s.arg(title).arg(header->sectionSize(column))));
        }
    }
    QVERIFY(!table->horizontalScrollBar()->isVisible());
}

// Walk 52: the simulator's sandbox licenses were listed among the real ones ("Simulator sandbox"
// sorts before "Training demo"), often full and red: training furniture looked like a license
// someone must buy seats for. They come after the real licenses in either order, greyed, with a
// tag and a tooltip saying whose they are, and their bars are never red.
void TestSeatsPage::sandboxesComeAfterTheRealLicensesGreyed()
{
    ShownPage shown(1440, 900);
    QVERIFY(shown.exposed());
    shown.session.licenses().applyList(demoAndSandboxes());
    QTableView *table = shown.page.licensesView();
    QTRY_COMPARE(table->model()->rowCount(), 6);
    const QStringList real {u"acme-cad"_s, u"render-farm"_s, u"training-demo"_s};
    QCOMPARE(shownIds(table).mid(0, 3), real);
    // Sorted the other way by name, the real ones still come first.
    QHeaderView *header = table->horizontalHeader();
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {},
                      QPoint(header->sectionViewportPosition(LicenseListModel::NameColumn) + 10, header->height() / 2));
    QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
    QCOMPARE(shownIds(table).mid(0, 3), (QStringList {u"training-demo"_s, u"render-farm"_s, u"acme-cad"_s}));
    // By seats too, either way: the full sandbox does not come first.
    for (int click = 0; click < 2; ++click) {
        QTest::mouseClick(
            header->viewport(), Qt::LeftButton, {},
            QPoint(header->sectionViewportPosition(LicenseListModel::SeatsColumn) + 10, header->height() / 2));
        QCOMPARE(header->sortIndicatorSection(), int(LicenseListModel::SeatsColumn));
        QVERIFY2(shownIds(table).indexOf(u"sim-idle-hog-k3x9"_s) >= 3, qPrintable(shownIds(table).join(u' ')));
    }
    // The full sandbox: greyed, its tooltip says it is the simulator's, its bar grey rather than red.
    const int hog = int(shownIds(table).indexOf(u"sim-idle-hog-k3x9"_s));
    QVERIFY(hog >= 3);
    const QModelIndex name = table->model()->index(hog, LicenseListModel::NameColumn);
    QCOMPARE(name.data(Qt::ForegroundRole).value<QBrush>().color(), StatePalette::colour(StatePalette::Muted));
    QVERIFY2(name.data(Qt::ToolTipRole).toString().contains(u"simulator sandbox"_s, Qt::CaseInsensitive),
             qPrintable(name.data(Qt::ToolTipRole).toString()));
    table->clearSelection(); // the selection's colour would hide the bar's
    const auto colours = [table](int row) {
        const QRect cell = table->visualRect(table->model()->index(row, LicenseListModel::SeatsColumn));
        const QImage image = table->viewport()->grab(cell).toImage();
        QSet<QRgb> drawn;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x)
                drawn.insert(image.pixelColor(x, y).rgb());
        }
        return drawn;
    };
    const QSet<QRgb> hogBar = colours(hog);
    QVERIFY(!hogBar.contains(StatePalette::fill(StatePalette::Denied).rgb()));
    QVERIFY(hogBar.contains(StatePalette::fill(StatePalette::Sandbox).rgb()));
    // A real license that is full is red as ever.
    LicenseList full = demoAndSandboxes();
    full.licenses[0].inUse = full.licenses[0].seatCount;
    shown.session.licenses().applyList(full);
    QTRY_VERIFY(
        colours(int(shownIds(table).indexOf(u"acme-cad"_s))).contains(StatePalette::fill(StatePalette::Denied).rgb()));
    // The legend names the sandboxes' grey.
    QVERIFY2(shown.page.seatLegend()->text().contains(StatePalette::fill(StatePalette::Sandbox).name()),
             qPrintable(shown.page.seatLegend()->text()));
}

// Walk 52: making room for the licenses on a small screen leaves a large one as it was: the legend
// under the table, every license in view, and the chart its two fifths.
void TestSeatsPage::aLargeScreenKeepsTheLegendAndEveryLicense()
{
    ShownPage shown(1420, 780); // the page of a 1440x900 window
    QVERIFY(shown.exposed());
    shown.session.licenses().applyList(demoAndSandboxes());
    QTableView *table = shown.page.licensesView();
    QTRY_COMPARE(table->model()->rowCount(), 6);
    QTRY_VERIFY(shown.page.seatLegend()->isVisible());
    QVERIFY(shown.page.seatLegendButton()->isChecked());
    const QRect last = table->visualRect(table->model()->index(5, 0));
    QVERIFY2(last.bottom() < table->viewport()->height(),
             qPrintable(u"the sixth row ends at %1 px of %2"_s.arg(last.bottom()).arg(table->viewport()->height())));
    QVERIFY2(shown.page.chart()->height() >= 200, qPrintable(QString::number(shown.page.chart()->height())));
    // Folded by hand, it stays folded.
    QTest::mouseClick(shown.page.seatLegendButton(), Qt::LeftButton);
    QVERIFY(!shown.page.seatLegend()->isVisible());
    shown.page.resize(1420, 800);
    QTRY_COMPARE(shown.page.height(), 800);
    QVERIFY(!shown.page.seatLegend()->isVisible());
}

// Walk 55, 7: after a restart at 1280x720 and 150 % with three licenses and three sandboxes, the
// legend opened unfolded and 3½ licenses were in view. It folds into its button at start-up, with
// or without a layout saved by the last run, so that four licenses are in view.
void TestSeatsPage::theLegendFoldsAtStartUpOnAShortScreen_data()
{
    QTest::addColumn<QSize>("savedAt"); // empty: nothing saved
    QTest::newRow("first start") << QSize();
    QTest::newRow("restart, saved here") << QSize(853, 320);
    QTest::newRow("restart, saved at 1440x900") << QSize(1420, 780);
}

void TestSeatsPage::theLegendFoldsAtStartUpOnAShortScreen()
{
    QFETCH(QSize, savedAt);
    QTemporaryDir dir;
    const QString ini = dir.filePath(u"admin.ini"_s);
    if (savedAt.isValid()) {
        DashboardSettings last(ini);
        ShownPage before(savedAt.width(), savedAt.height());
        QVERIFY(before.exposed());
        before.session.licenses().applyList(demoAndSandboxes());
        QTRY_COMPARE(before.page.licensesView()->model()->rowCount(), 6);
        QTest::qWait(20);
        before.page.saveState(last);
    }
    DashboardSettings settings(ini);
    QNetworkAccessManager network;
    ManualClock clock(now);
    DashboardSession session(network, clock);
    SeatsPage page(session);
    // The page of a 853x480 window (1280x720 at 150 %), below its menus, toolbar, tabs and status
    // bar; the window is first laid out larger, as a restored one is before the screen fits it.
    page.resize(1100, 700);
    page.restoreState(settings);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    session.licenses().applyList(demoAndSandboxes());
    QTableView *table = page.licensesView();
    QTRY_COMPARE(table->model()->rowCount(), 6);
    page.resize(853, 320);
    QTRY_COMPARE(page.height(), 320);
    QTest::qWait(20);
    int rows = 0;
    for (int r = 0; r < table->model()->rowCount(); ++r) {
        const QRect row = table->visualRect(table->model()->index(r, LicenseListModel::NameColumn));
        if (row.top() >= 0 && row.bottom() < table->viewport()->height())
            ++rows;
    }
    QVERIFY2(rows >= 4,
             qPrintable(u"%1 licenses in view, the list %2 px high, the legend %3"_s.arg(rows)
                            .arg(table->viewport()->height())
                            .arg(page.seatLegend()->isVisible() ? u"shown"_s : u"folded"_s)));
    // Nor does the chart beneath pay for the legend: it keeps its few lines.
    QVERIFY2(
        page.chart()->height() >= page.chart()->minimumHeight(),
        qPrintable(
            u"the chart %1 px high, at least %2"_s.arg(page.chart()->height()).arg(page.chart()->minimumHeight())));
    // Folded into its button where the licenses need its room; shown whole where there is room.
    QVERIFY(page.seatLegendButton()->isVisible());
    QLabel *legend = page.seatLegend();
    if (legend->isVisible()) {
        QVERIFY(page.seatLegendButton()->isChecked());
        QVERIFY2(legend->height() >= legend->heightForWidth(legend->width()),
                 qPrintable(u"the legend %1 px high, needs %2"_s.arg(legend->height())
                                .arg(legend->heightForWidth(legend->width()))));
    } else {
        QVERIFY(!page.seatLegendButton()->isChecked());
    }
}

// Walk-through 50 (F7): in French on a 1280x720 screen at 150 % (853 px), the ledger's borrowed
// line keeps until when each seat stays away, whole, however many lines that takes.
void TestSeatsPage::theBorrowedLineKeepsItsDatesOnAProjector()
{
    LanguageManager languages;
    QCOMPARE(languages.apply(u"fr"_s), u"fr"_s);
    const auto restore = qScopeGuard([&languages] { languages.apply(u"en"_s); });
    ShownPage shown(853, 480);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    SeatsPage &page = shown.page;
    feed(session, 2, now.addSecs(-3 * 3600));
    LicenseList licenses;
    licenses.serverTime = now;
    LicenseSummary summary = session.licenses().licenseAt(0);
    summary.seatCount = 6;
    summary.inUse = 5;
    summary.borrowed = 3;
    licenses.licenses << summary;
    session.licenses().applyList(licenses);
    page.selectLicense(u"acme-cad"_s);
    LeaseList list = ledgerListing();
    list.seatCount = 6;
    const QStringList laptops {u"alice@laptop1"_s, u"bob@laptop2"_s, u"carol@laptop3"_s};
    for (int i = 0; i < laptops.size(); ++i) {
        list.leases << borrowedRow(list, 10 + i, laptops.at(i), now.addDays(8 + i));
    }
    list.inUse = 5;
    session.applyLeaseLists({list});
    LedgerBar *ledger = page.ledgerBar();
    QTRY_VERIFY(ledger->isVisible());
    QVERIFY(ledger->report());
    int borrowedLine = -1;
    for (int i = 0; i < ledger->report()->ledger.lines.size(); ++i) {
        if (ledger->report()->ledger.lines.at(i).category == SeatLedger::Category::Borrowed)
            borrowedLine = i;
    }
    QVERIFY(borrowedLine >= 0);
    auto *label = ledger->findChild<QLabel *>(u"ledgerSentence%1"_s.arg(borrowedLine));
    QVERIFY(label);
    QVERIFY(label->isVisible());
    // Every holder's end date is there, the last one too, and the label is tall enough to show it.
    const QLocale french(QLocale::French, QLocale::France);
    // "jusqu'au", as the Events page and the windows write a date with its day (walk 57b, 12).
    const QString last = u"carol@laptop3 (jusqu'au %1)"_s.arg(
        borrowEndText(now.addDays(10), now, QTimeZone::systemTimeZone())); // "jeu. 10 déc. 10:00"
    QVERIFY2(last.contains(
                 french.toString(now.addDays(10).toLocalTime().date(), u"d MMM"_s).replace(u' ', QChar(QChar::Nbsp))),
             qPrintable(last));
    QTRY_VERIFY2(label->text().contains(last) && label->text().endsWith(u")."_s),
                 qPrintable(label->text() + u" / "_s + last));
    QVERIFY2(!label->text().contains(u'…'), qPrintable(label->text()));
    QTRY_VERIFY2(label->height() >= label->heightForWidth(label->width()),
                 qPrintable(u"%1 px high, needs %2"_s.arg(label->height()).arg(label->heightForWidth(label->width()))));
}

// The page as a 1280x720 screen at 150 % leaves it (853 px, in French, the longer language): the
// license's name is whole (the table scrolls sideways first) and the holders filter says what it
// is for in words that fit, not "Fil…".
void TestSeatsPage::narrowPageKeepsNamesAndFilterWords()
{
    LanguageManager languages;
    QCOMPARE(languages.apply(u"fr"_s), u"fr"_s);
    const auto restore = qScopeGuard([&languages] { languages.apply(u"en"_s); });
    ShownPage shown(853, 380);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    SeatsPage &page = shown.page;
    feed(session, 3, now.addSecs(-30));
    QTableView *licenses = page.licensesView();
    QTRY_COMPARE(licenses->model()->rowCount(), 1);
    const QString name = licenses->model()->index(0, LicenseListModel::NameColumn).data().toString();
    QCOMPARE(name, u"ACME CAD"_s);
    const int needed = QFontMetrics(licenses->font()).horizontalAdvance(name) + 12;
    QTRY_VERIFY2(
        licenses->columnWidth(LicenseListModel::NameColumn) >= needed,
        qPrintable(
            u"%1 px for the name, needs %2"_s.arg(licenses->columnWidth(LicenseListModel::NameColumn)).arg(needed)));
    // And every other title of the table whole too (the table scrolls sideways instead).
    const QFontMetrics header(licenses->horizontalHeader()->font());
    for (int column : {LicenseListModel::TtlColumn, LicenseListModel::SkewColumn, LicenseListModel::GraceColumn,
                       LicenseListModel::DeniedColumn}) {
        const QString title = licenses->model()->headerData(column, Qt::Horizontal).toString();
        QVERIFY2(licenses->columnWidth(column) >= header.horizontalAdvance(title) + 24,
                 qPrintable(u"\"%1\" in %2 px"_s.arg(title).arg(licenses->columnWidth(column))));
    }
    auto *filter = page.findChild<QLineEdit *>(u"holderFilter"_s);
    QVERIFY(filter);
    QTRY_VERIFY2(filter->fontMetrics().horizontalAdvance(filter->placeholderText()) + 16 <= filter->width(),
                 qPrintable(u"\"%1\" in a field %2 px wide"_s.arg(filter->placeholderText()).arg(filter->width())));
    QVERIFY(filter->placeholderText().startsWith(u"Filtrer"_s));
    QVERIFY(filter->placeholderText().contains(u"Ctrl+F"_s));
    // Widened, the field says it all again.
    page.resize(1600, 380);
    QTRY_VERIFY2(filter->placeholderText().contains(u"détenteurs"_s), qPrintable(filter->placeholderText()));
}

// Server → Connect to another server empties the tables: the usage chart no longer shows the
// last server's license either.
void TestSeatsPage::chartForgetsTheLastServer()
{
    ShownPage shown(1280, 720);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    SeatsPage &page = shown.page;
    feed(session, 3, now.addSecs(-30));
    auto *chart = page.findChild<UsageChartView *>();
    QVERIFY(chart);
    QTRY_VERIFY2(chart->chart()->title().contains(u"ACME CAD"_s), qPrintable(chart->chart()->title()));
    session.connectTo(QUrl(u"http://127.0.0.1:9"_s), QByteArray(64, 'a'), u"another"_s);
    QCOMPARE(page.licensesView()->model()->rowCount(), 0);
    QVERIFY2(!chart->chart()->title().contains(u"ACME CAD"_s), qPrintable(chart->chart()->title()));
    session.disconnectFromServer();
}

// "00 / 2500": the seat bar drew over the first digits of a four-digit count. The column is as
// wide as its widest count needs, and the bar ends before the count begins.
void TestSeatsPage::aFourDigitCountIsNeverCovered()
{
    ShownPage shown(1440, 900);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    SeatsPage &page = shown.page;
    feed(session, 2000, now.addSecs(-30));
    QTableView *licenses = page.licensesView();
    QTRY_COMPARE(licenses->model()->rowCount(), 1);
    const QModelIndex cell = licenses->model()->index(0, LicenseListModel::SeatsColumn);
    const QString count = cell.data().toString();
    QCOMPARE(count, u"2000 / 2005"_s);
    const QFontMetrics metrics(licenses->font());
    QTRY_VERIFY2(licenses->columnWidth(LicenseListModel::SeatsColumn) >= SeatBarDelegate::widthFor(metrics, count),
                 qPrintable(QString::number(licenses->columnWidth(LicenseListModel::SeatsColumn))));
    const QRect rect = licenses->visualRect(cell);
    const QRect bar = SeatBarDelegate::barRect(rect, metrics, count);
    QVERIFY2(bar.width() >= 60, qPrintable(QString::number(bar.width())));
    QVERIFY2(bar.right() + 6 + metrics.horizontalAdvance(count) <= rect.right() - 4,
             qPrintable(u"bar ends at %1, the count needs %2 px before %3"_s.arg(bar.right())
                            .arg(metrics.horizontalAdvance(count))
                            .arg(rect.right())));
}

void TestSeatsPage::theFirstSplitFitsTheLicensesAndLeavesTheHolders_data()
{
    QTest::addColumn<int>("width");
    QTest::newRow("1440x900") << 1420;
    QTest::newRow("1280x720 at 150 %") << 840;
}

// With no split saved, the first one gives the licenses what their columns need (every column in
// view at 1440x900) but never more than half the page: at 150 % the holders kept only 300 px.
void TestSeatsPage::theFirstSplitFitsTheLicensesAndLeavesTheHolders()
{
    QFETCH(int, width);
    ShownPage shown(width, 600);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    SeatsPage &page = shown.page;
    feed(session, 3, now.addSecs(-30));
    QTRY_COMPARE(page.licensesView()->model()->rowCount(), 1);
    auto *splitter = page.findChild<QSplitter *>(u"seatsSplitter"_s);
    QVERIFY(splitter);
    const QList<int> sizes = splitter->sizes();
    QVERIFY2(sizes.at(1) * 2 >= width - 40, qPrintable(u"holders %1 px of %2"_s.arg(sizes.at(1)).arg(width)));
    if (width >= 1400) {
        QTRY_COMPARE(page.licensesView()->horizontalScrollBar()->maximum(), 0);
    }
}

void TestSeatsPage::usageChartTicksAreRoundAndReadable_data()
{
    QTest::addColumn<int>("seats");
    QTest::addColumn<int>("height");
    QTest::newRow("10 seats, a tall chart") << 10 << 340;
    QTest::newRow("10 seats, a short chart (1280x720 at 150 %)") << 10 << 150;
    QTest::newRow("2,500 seats") << 2500 << 340;
    QTest::newRow("2,500 seats, a short chart") << 2500 << 150;
}

// The usage chart's seat axis: ticks on round numbers (never 501, 1002, …), above the seats
// owned, and never so close that their labels are cut to "…".
void TestSeatsPage::usageChartTicksAreRoundAndReadable()
{
    QFETCH(int, seats);
    QFETCH(int, height);
    UsageChartView chart;
    chart.resize(600, height);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    UsageSeries series;
    series.seatCount = seats;
    series.steps = {UsagePoint {now.addSecs(-1800), seats / 2}, UsagePoint {now.addSecs(-60), seats}};
    chart.setSeries(u"ACME CAD"_s, series, now.addSecs(-3600), now);
    QCoreApplication::processEvents();

    const int step = chart.yStep();
    QVERIFY(step > 0);
    int magnitude = 1;
    while (step / magnitude >= 10)
        magnitude *= 10;
    QVERIFY2(step % magnitude == 0 && QList<int>({1, 2, 5}).contains(step / magnitude),
             qPrintable(u"a tick every %1 seats"_s.arg(step)));
    QVERIFY2(chart.yTop() > seats && chart.yTop() % step == 0, qPrintable(QString::number(chart.yTop())));
    const int labelHeight = QFontMetrics(chart.chart()->axes(Qt::Vertical).constFirst()->labelsFont()).height();
    const qreal plot = chart.chart()->plotArea().height();
    const int gaps = chart.yTop() / step;
    QVERIFY2(plot / gaps >= 1.5 * labelHeight,
             qPrintable(u"%1 ticks over %2 px, labels %3 px high"_s.arg(gaps + 1).arg(plot).arg(labelHeight)));
}

void TestSeatsPage::theHoldersLayoutOfTheLastVersionComesBack_data()
{
    QTest::addColumn<QString>("savedUnder");
    QTest::addColumn<bool>("restored");
    // The key the dashboard used for the holders table before its settings had a version.
    QTest::newRow("the last layout (holdersHeader3)") << u"seats/holdersHeader3"_s << true;
    // A layout of other columns would put its widths on the wrong ones: the table starts afresh.
    QTest::newRow("an older layout (holdersHeader2)") << u"seats/holdersHeader2"_s << false;
}

void TestSeatsPage::theHoldersLayoutOfTheLastVersionComesBack()
{
    // A person who widened the Seat column and sorted by seat, with the dashboard of before,
    // finds the table as they left it after the upgrade.
    QFETCH(QString, savedUnder);
    QFETCH(bool, restored);
    QTemporaryDir dir;
    const QString ini = dir.filePath(u"admin.ini"_s);
    QNetworkAccessManager network;
    ManualClock clock(now);
    int defaultWidth = 0;
    {
        DashboardSession session(network, clock);
        SeatsPage before(session);
        before.resize(1280, 720);
        before.show();
        QVERIFY(QTest::qWaitForWindowExposed(&before));
        QHeaderView *header = before.holdersView()->horizontalHeader();
        defaultWidth = header->sectionSize(LeaseTableModel::SeatColumn);
        header->resizeSection(LeaseTableModel::SeatColumn, defaultWidth + 97);
        header->setSortIndicator(LeaseTableModel::SeatColumn, Qt::DescendingOrder);
        QSettings old(ini, QSettings::IniFormat);
        old.setValue(savedUnder, header->saveState());
    }

    DashboardSettings settings(ini);
    QNetworkAccessManager network2;
    DashboardSession session(network2, clock);
    SeatsPage after(session);
    after.resize(1280, 720);
    after.restoreState(settings);
    after.show();
    QVERIFY(QTest::qWaitForWindowExposed(&after));
    feed(session, 3, now.addSecs(-30));
    QTRY_COMPARE_WITH_TIMEOUT(after.holdersProxy()->rowCount(), 3, 2000);
    const QHeaderView *header = after.holdersView()->horizontalHeader();
    if (restored) {
        QCOMPARE(header->sectionSize(LeaseTableModel::SeatColumn), defaultWidth + 97);
        // Saved in the old order (state and signature last): moved where a narrow pane shows them.
        QCOMPARE(header->visualIndex(LeaseTableModel::StateColumn), 2);
        QCOMPARE(header->visualIndex(LeaseTableModel::SignatureColumn), 3);
        QCOMPARE(header->sortIndicatorSection(), int(LeaseTableModel::SeatColumn));
        QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
    } else {
        QCOMPARE(header->sectionSize(LeaseTableModel::SeatColumn), defaultWidth);
        QVERIFY(header->sortIndicatorSection() != int(LeaseTableModel::SeatColumn));
    }
}

// Issue 26 added the Idle for column at the end of the holders' columns. A layout saved by the
// dashboard of before (ten columns, version 2) still comes back, and the new column is there
// with a width of its own, not hidden or squeezed to nothing.
void TestSeatsPage::aLayoutSavedBeforeIdleForStillShowsIt()
{
    QTemporaryDir dir;
    const QString ini = dir.filePath(u"admin.ini"_s);
    {
        QStandardItemModel tenColumns(0, LeaseTableModel::IdleForColumn);
        QHeaderView old(Qt::Horizontal);
        old.setModel(&tenColumns);
        old.resizeSection(LeaseTableModel::SeatColumn, 211);
        QSettings saved(ini, QSettings::IniFormat);
        saved.setValue(u"settings/version"_s, 2);
        saved.setValue(u"seats/holdersHeader"_s, old.saveState());
    }
    DashboardSettings settings(ini);
    QNetworkAccessManager network;
    ManualClock clock(now);
    DashboardSession session(network, clock);
    SeatsPage page(session);
    page.resize(1440, 900);
    page.restoreState(settings);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    feed(session, 3, now.addSecs(-30));
    QTRY_COMPARE_WITH_TIMEOUT(page.holdersProxy()->rowCount(), 3, 2000);
    const QHeaderView *header = page.holdersView()->horizontalHeader();
    QCOMPARE(header->count(), int(LeaseTableModel::ColumnCount));
    QVERIFY(!header->isSectionHidden(LeaseTableModel::IdleForColumn));
    QVERIFY2(header->sectionSize(LeaseTableModel::IdleForColumn) >= header->fontMetrics().horizontalAdvance(
                 page.holdersView()->model()->headerData(LeaseTableModel::IdleForColumn, Qt::Horizontal).toString()),
             qPrintable(QString::number(header->sectionSize(LeaseTableModel::IdleForColumn))));
}

// At 1280x720 and 150 % the holders' pane is about 420 px wide: the State and Sig. columns were
// the last ones, reachable only by scrolling sideways. What support reads first is in view: since
// walk 150 the idle time and the countdown too (the State column was as wide as "expired,
// awaiting reap" while every holder was live, and the holders had half the page).
void TestSeatsPage::aNarrowPaneShowsStateAndSignature_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("live");
    QTest::newRow("English") << u"en"_s << u"live"_s;
    QTest::newRow("French") << u"fr"_s << u"actif"_s;
}

void TestSeatsPage::aNarrowPaneShowsStateAndSignature()
{
    QFETCH(QString, language);
    QFETCH(QString, live);
    LanguageManager languages;
    QCOMPARE(languages.apply(language), language);
    const auto restore = qScopeGuard([&] { languages.apply(u"en"_s); });
    ShownPage shown(840, 600);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    SeatsPage &page = shown.page;
    feed(session, 3, now.addSecs(-30));
    QTRY_COMPARE(page.holdersProxy()->rowCount(), 3);
    QTableView *holders = page.holdersView();
    QCOMPARE(holders->horizontalScrollBar()->value(), 0);
    QVERIFY(holders->isColumnHidden(LeaseTableModel::LicenseColumn)); // one license selected
    for (int column : {LeaseTableModel::HolderColumn, LeaseTableModel::StateColumn, LeaseTableModel::SignatureColumn,
                       LeaseTableModel::IdleForColumn, LeaseTableModel::CountdownColumn}) {
        const int right = holders->columnViewportPosition(column) + holders->columnWidth(column);
        QVERIFY2(right <= holders->viewport()->width(),
                 qPrintable(u"column %1 ends at %2 px in a %3 px pane"_s.arg(column).arg(right).arg(
                     holders->viewport()->width())));
    }
    // And the state is read whole.
    const QString state = holders->model()->index(0, LeaseTableModel::StateColumn).data().toString();
    QCOMPARE(state, live);
    QVERIFY(holders->columnWidth(LeaseTableModel::StateColumn)
            >= QFontMetrics(holders->font()).horizontalAdvance(state));
}

// A split saved at 1440x900 with wide licenses, restored in a window of 1280x720 at 150 %: the
// holders kept about 250 px ("Holders of Wa…", the ledger unreadable). Each pane keeps a usable
// share of the window it opens in.
void TestSeatsPage::aSplitSavedOnALargerScreenIsClamped()
{
    QTemporaryDir dir;
    const QString ini = dir.filePath(u"admin.ini"_s);
    {
        DashboardSettings wide(ini);
        QNetworkAccessManager network;
        ManualClock clock(now);
        DashboardSession session(network, clock);
        SeatsPage page(session);
        page.resize(1440, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        feed(session, 3, now.addSecs(-30));
        QTRY_COMPARE(page.holdersProxy()->rowCount(), 3);
        const int total = page.splitter()->width() - page.splitter()->handleWidth();
        page.splitter()->setSizes({total * 7 / 10, total - total * 7 / 10});
        page.saveState(wide);
    }
    DashboardSettings settings(ini);
    QNetworkAccessManager network;
    ManualClock clock(now);
    DashboardSession session(network, clock);
    SeatsPage page(session);
    page.resize(840, 420);
    page.restoreState(settings);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    feed(session, 3, now.addSecs(-30));
    QTRY_COMPARE(page.holdersProxy()->rowCount(), 3);
    const QList<int> sizes = page.splitter()->sizes();
    QVERIFY2(sizes.at(1) >= page.width() / 2,
             qPrintable(u"holders %1 px, licenses %2 px"_s.arg(sizes.at(1)).arg(sizes.at(0))));
    QVERIFY2(sizes.at(0) >= page.width() / 6, qPrintable(u"licenses %1 px"_s.arg(sizes.at(0))));
    // Moved by hand in this window, the split is the person's.
    const QList<int> chosen {sizes.at(0) + sizes.at(1) - 200, 200};
    page.splitter()->setSizes(chosen);
    Q_EMIT page.splitter()->splitterMoved(chosen.at(0), 1);
    page.resize(850, 420);
    QTest::qWait(20);
    QVERIFY2(page.splitter()->sizes().at(1) < page.width() / 2,
             qPrintable(QString::number(page.splitter()->sizes().at(1))));
}

// At 1280x720 and 150 % the page has about 853x355 below the menus, tabs and status bar. With a
// license whose ledger has several lines and a waiting line, the page asked for more and the
// window grew past the screen when the Seats page came back into view (walk 150: 1280x785).
void TestSeatsPage::aFullLedgerAndALineFitAShortScreen()
{
    ShownPage shown(840, 340);
    QVERIFY(shown.exposed());
    feed(shown.session, 6, now.addSecs(-30));
    // The same license with rules, idle holders and two waiting: a ledger of five lines, and a line.
    LeaseList list = ledgerListing();
    list.seatCount = 6;
    for (int n = 3; n <= 6; ++n) {
        LeaseRow row = list.leases.first();
        row.lease.seatId = u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
        row.lease.holder = u"user%1@ws-%1"_s.arg(n);
        row.lease.generation = quint64(n);
        row.lastActivityAt = now.addSecs(n % 2 ? -95 * 60 : -5);
        list.leases << row;
    }
    list.inUse = int(list.leases.size());
    for (int n = 1; n <= 2; ++n) {
        QueueTicket ticket;
        ticket.ticketId = u"t%1"_s.arg(n);
        ticket.licenseId = list.licenseId;
        ticket.holder = u"waiter%1@ws"_s.arg(n);
        ticket.position = n;
        ticket.waiting = 2;
        ticket.queuedAt = now.addSecs(-60 + n);
        ticket.expiresAt = now.addSecs(60);
        ticket.giveUpAt = now.addSecs(600);
        list.queue << ticket;
    }
    shown.session.applyLeaseLists({list});
    QTRY_COMPARE(shown.page.holdersProxy()->rowCount(), 6);
    QTRY_VERIFY(shown.page.lineView()->isVisible());
    QTest::qWait(20);
    QVERIFY2(shown.page.minimumSizeHint().height() <= 340,
             qPrintable(QString::number(shown.page.minimumSizeHint().height())));
    QVERIFY2(shown.page.height() <= 340, qPrintable(QString::number(shown.page.height())));
    // The holders keep rows in view.
    QVERIFY2(shown.page.holdersView()->height() >= 3 * shown.page.holdersView()->verticalHeader()->defaultSectionSize(),
             qPrintable(QString::number(shown.page.holdersView()->height())));
}

void TestSeatsPage::theClickedHolderStaysSelectedWhenManyLeave()
{
    ShownPage shown(1440, 900);
    QVERIFY(shown.exposed());
    SeatsPage &page = shown.page;
    feed(shown.session, 300, now.addSecs(-30));
    QTRY_COMPARE_WITH_TIMEOUT(page.holdersProxy()->rowCount(), 300, 2000);
    QTableView *view = page.holdersView();
    QTRY_VERIFY_WITH_TIMEOUT(view->isVisible(), 2000);

    // The support engineer scrolls to the middle and clicks a holder.
    view->scrollTo(page.holdersProxy()->index(150, 0), QAbstractItemView::PositionAtTop);
    const QModelIndex target = view->indexAt(QPoint(5, view->rowHeight(0) * 3 + 2));
    QVERIFY(target.isValid());
    const QString clicked = target.siblingAtColumn(LeaseTableModel::HolderColumn).data().toString();
    const QRect cell = view->visualRect(target);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(page.selectedSeats().size(), 1);
    QCOMPARE(page.selectedSeats().constFirst().holder, clicked);

    // A poll where a third of the holders left, scattered over the table, and a few came.
    QList<int> numbers;
    for (int n = 1; n <= 300; ++n)
        if (n % 3 != 0 || u"user%1@ws-%2"_s.arg(n).arg(n % 13) == clicked)
            numbers << n;
    numbers << 301 << 302;
    feedNumbers(shown.session, numbers, now.addSecs(-30));
    QTRY_COMPARE_WITH_TIMEOUT(page.holdersProxy()->rowCount(), int(numbers.size()), 2000);

    QCOMPARE(page.selectedSeats().size(), 1);
    QCOMPARE(page.selectedSeats().constFirst().holder, clicked);
    QCOMPARE(view->currentIndex().siblingAtColumn(LeaseTableModel::HolderColumn).data().toString(), clicked);
    // The next click still lands on the row under the pointer.
    const QModelIndex other = view->indexAt(QPoint(5, view->rowHeight(0) * 5 + 2));
    QVERIFY(other.isValid());
    const QString otherHolder = other.siblingAtColumn(LeaseTableModel::HolderColumn).data().toString();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(other).center());
    QCOMPARE(page.selectedSeats().size(), 1);
    QCOMPARE(page.selectedSeats().constFirst().holder, otherHolder);
}

void TestSeatsPage::aOneSeatLicenseSaysSeat_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("expected");
    QTest::newRow("English") << u"en"_s << u"1 of 1 seat in use"_s;
    QTest::newRow("French") << u"fr"_s << u"1 sur 1 siège utilisé"_s;
}

// The summary over the holders of a one-seat license says "seat", not "1 of 1 seats".
void TestSeatsPage::aOneSeatLicenseSaysSeat()
{
    QFETCH(QString, language);
    QFETCH(QString, expected);
    LanguageManager languages;
    QCOMPARE(languages.apply(language), language);
    ShownPage shown(1440, 900);
    QVERIFY(shown.exposed());
    feed(shown.session, 1, now.addSecs(-30));
    LicenseList licenses;
    licenses.serverTime = now;
    LicenseSummary one = *shown.session.licenses().license(u"acme-cad"_s);
    one.seatCount = 1;
    licenses.licenses << one;
    shown.session.licenses().applyList(licenses);
    QTableView *view = shown.page.licensesView();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(view->model()->index(0, 0)).center());
    QCOMPARE(shown.page.selectedLicenseIds(), QStringList {u"acme-cad"_s});
    auto *summary = shown.page.findChild<QLabel *>(u"holdersSummary"_s);
    QVERIFY(summary);
    QTRY_VERIFY2(QTextDocumentFragment::fromHtml(summary->text()).toPlainText().startsWith(expected),
                 qPrintable(summary->text()));
    QCOMPARE(languages.apply(u"en"_s), u"en"_s);
}

void TestSeatsPage::theWaitingLineFoldsAwayForTheHolders()
{
    // 1280x720 at 150 %: 853x480 device-independent pixels. Dragging the handle between the holders
    // and the waiting line to the bottom gives the holders all of it.
    ShownPage shown(853, 480);
    QVERIFY(shown.exposed());
    feed(shown.session, 30, now.addSecs(-600));
    shown.page.selectLicense(u"acme-cad"_s);
    auto *split = shown.page.findChild<QSplitter *>(u"holdersLineSplitter"_s);
    QVERIFY(split);
    const int holdersBefore = shown.page.holdersView()->height();
    QSplitterHandle *handle = split->handle(1);
    QVERIFY(handle && handle->isVisible());
    const QPoint grab(handle->width() / 2, handle->height() / 2);
    QTest::mousePress(handle, Qt::LeftButton, {}, grab);
    const QPoint down = grab + QPoint(0, split->height());
    QMouseEvent move(QEvent::MouseMove, down, handle->mapToGlobal(down), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(handle, &move);
    QTest::mouseRelease(handle, Qt::LeftButton, {}, down);
    QTRY_COMPARE(split->sizes().value(1), 0);
    QVERIFY2(shown.page.holdersView()->height() > holdersBefore,
             qPrintable(u"%1 -> %2"_s.arg(holdersBefore).arg(shown.page.holdersView()->height())));
}

void TestSeatsPage::aLicenseNearItsEndSaysSoAboveItsHolders()
{
    // Issue 29: the admin sees a license's end coming on the Seats page, in the summary over its
    // holders, before a colleague is refused. In the dashboard's English (its plural forms).
    QTranslator english;
    QVERIFY(english.load(u":/i18n/keyright_en.qm"_s));
    QCoreApplication::installTranslator(&english);
    const auto uninstall = qScopeGuard([&english] { QCoreApplication::removeTranslator(&english); });
    ShownPage shown(1440, 900);
    QVERIFY(shown.exposed());
    feed(shown.session, 2, now.addSecs(-600));
    const auto withValidity = [&](const LicenseValidity &validity) {
        LicenseList licenses;
        licenses.serverTime = now;
        LicenseSummary summary = *shown.session.licenses().license(u"acme-cad"_s);
        summary.validity = validity;
        licenses.licenses << summary;
        shown.session.licenses().applyList(licenses);
        shown.page.selectLicense(u"acme-cad"_s);
        // As every poll does: the summary is the poll's.
        Q_EMIT shown.session.polled();
        return shown.page.holdersSummary()->text();
    };
    const QDateTime serverNow = shown.session.serverClock().now();
    // Nothing near: nothing said.
    QVERIFY(!withValidity({}).contains(u"Expire"_s));
    QVERIFY(!withValidity({{}, serverNow.addDays(200), {}}).contains(u"Expire"_s));
    // Twelve days and an hour left (whole days, rounded down): a warning in the palette's colour.
    const QDateTime end = serverNow.addDays(12).addSecs(3600);
    const QString soon = withValidity({{}, end, {}});
    const QString date = QLocale().toString(end.toUTC().date(), u"d MMMM yyyy"_s);
    QVERIFY2(soon.contains(u"Expires in 12 days, on %1"_s.arg(date)), qPrintable(soon));
    QVERIFY2(soon.contains(StatePalette::colour(StatePalette::Pending).name()), qPrintable(soon));
    // Over: refused, in the denial colour; maintenance alone is only muted.
    const QString over = withValidity({{}, serverNow.addDays(-1), {}});
    QVERIFY2(over.contains(u"Expired on "_s) && over.contains(u"checkouts are refused"_s), qPrintable(over));
    QVERIFY2(over.contains(StatePalette::colour(StatePalette::Denied).name()), qPrintable(over));
    const QString maintenance = withValidity({{}, {}, serverNow.addDays(-3)});
    QVERIFY2(maintenance.contains(u"Maintenance ended on "_s), qPrintable(maintenance));
    // An end and a maintenance date both near: both said, the end first (walk 51a, finding 13).
    const QDateTime maintenanceEnd = serverNow.addDays(22).addSecs(3600);
    const QString both = withValidity({{}, end, maintenanceEnd});
    QVERIFY2(both.contains(u"Expires in 12 days, on %1"_s.arg(date)), qPrintable(both));
    const QString maintenanceDate = QLocale().toString(maintenanceEnd.toUTC().date(), u"d MMMM yyyy"_s);
    QVERIFY2(both.contains(u"Maintenance ends in 22 days, on %1"_s.arg(maintenanceDate)), qPrintable(both));
    QVERIFY2(both.indexOf(u"Expires"_s) < both.indexOf(u"Maintenance"_s), qPrintable(both));
    // In French, in the French words.
    QCOMPARE(SeatsPage::validityText(ValidityNotice {ValidityNotice::Kind::Expired, end, 0},
                                     QLocale(QLocale::French, QLocale::France))
                 .contains(QLocale(QLocale::French, QLocale::France).monthName(end.toUTC().date().month())),
             true);
    // The first of a month is "1er" in French, as a French reader writes it.
    const QDateTime first(QDate(2026, 12, 1), QTime(12, 0), QTimeZone::utc());
    QCOMPARE(SeatsPage::validityText(ValidityNotice {ValidityNotice::Kind::MaintenanceEnded, first, 0},
                                     QLocale(QLocale::French, QLocale::France)),
             QCoreApplication::translate("keyright::SeatsPage", "Maintenance ended on %1").arg(u"1er décembre 2026"_s));
    QCOMPARE(SeatsPage::validityText(ValidityNotice {ValidityNotice::Kind::MaintenanceEnded, first, 0},
                                     QLocale(QLocale::English, QLocale::UnitedKingdom)),
             u"Maintenance ended on 1 December 2026"_s);
}

void TestSeatsPage::idleForShowsEachHoldersIdleTimeAndSorts()
{
    // Four holders: one idle 74 minutes, one active, one whose client reports nothing, one idle
    // two hours. The license-wide reclaim rule makes 60 minutes the threshold.
    ShownPage shown(1440, 900);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    SeatsPage &page = shown.page;
    feed(session, 4, now.addSecs(-3 * 3600));
    LeaseList list;
    list.licenseId = u"acme-cad"_s;
    list.serverTime = now;
    list.seatCount = 9;
    list.rules.reclaimIdle << IdleReclaim {QString(), 60, 5};
    const QList<std::optional<qint64>> idleSecs {74 * 60, 20, std::nullopt, 125 * 60};
    for (int n = 1; n <= 4; ++n) {
        LeaseRow row;
        row.lease.licenseId = list.licenseId;
        row.lease.seatId = u"%1"_s.arg(n, 32, 16, QLatin1Char('0'));
        row.lease.holder = u"user%1@ws-%1"_s.arg(n);
        row.lease.generation = quint64(n);
        row.lease.issuedAt = now.addSecs(-20);
        row.lease.expiresAt = now.addSecs(40);
        row.lease.signature = QByteArray(64, char(n));
        row.live = true;
        row.reapableAt = row.lease.expiresAt.addSecs(15);
        row.signatureValid = true;
        if (const auto idle = idleSecs.at(n - 1))
            row.lastActivityAt = now.addSecs(-*idle);
        if (n == 1)
            row.reclaimAt = now.addSecs(3 * 60); // idle reclaim marked it for someone waiting
        list.leases << row;
    }
    list.inUse = 4;
    session.applyLeaseLists({list});
    QTRY_COMPARE(page.holdersProxy()->rowCount(), 4);
    QTableView *holders = page.holdersView();
    QAbstractItemModel *model = holders->model();
    QCOMPARE(model->headerData(LeaseTableModel::IdleForColumn, Qt::Horizontal).toString(), u"Idle for"_s);
    const auto rowOf = [&](const QString &holder) {
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->index(r, LeaseTableModel::HolderColumn).data().toString() == holder)
                return r;
        return -1;
    };
    const auto idleFor = [&](const QString &holder) {
        return model->index(rowOf(holder), LeaseTableModel::IdleForColumn).data().toString();
    };
    // The marked seat says when it goes, to the support engineer reading the row.
    QCOMPARE(idleFor(u"user1@ws-1"_s),
             u"74 min, reclaim at %1"_s.arg(LeaseTableModel::formatTime(now.addSecs(180), now)));
    // The column makes room for it rather than cut it.
    QTRY_VERIFY2(holders->horizontalHeader()->sectionSize(LeaseTableModel::IdleForColumn)
                     >= holders->fontMetrics().horizontalAdvance(idleFor(u"user1@ws-1"_s)) + 8,
                 qPrintable(QString::number(holders->horizontalHeader()->sectionSize(LeaseTableModel::IdleForColumn))));
    QVERIFY2(
        model->index(rowOf(u"user1@ws-1"_s), LeaseTableModel::IdleForColumn)
            .data(Qt::ToolTipRole)
            .toString()
            .contains(u"idle reclaim gives this seat to them at"_s),
        qPrintable(
            model->index(rowOf(u"user1@ws-1"_s), LeaseTableModel::IdleForColumn).data(Qt::ToolTipRole).toString()));
    QCOMPARE(idleFor(u"user2@ws-2"_s), u"active"_s);
    QCOMPARE(idleFor(u"user3@ws-3"_s), u"unknown"_s);
    QCOMPARE(idleFor(u"user4@ws-4"_s), u"2 h 05 min"_s);
    const QModelIndex unknown = model->index(rowOf(u"user3@ws-3"_s), LeaseTableModel::IdleForColumn);
    QCOMPARE(unknown.data(Qt::ToolTipRole).toString(),
             u"This client does not report activity; it is never counted as idle"_s);
    QCOMPARE(unknown.data(Qt::ForegroundRole).value<QBrush>().color(), StatePalette::colour(StatePalette::Muted));

    // Idle for more than the rule's 60 minutes: the whole row is marked, and only those.
    const QColor mark = StatePalette::background(StatePalette::Idle);
    for (const QString &holder : {u"user1@ws-1"_s, u"user4@ws-4"_s})
        for (int column : {LeaseTableModel::HolderColumn, LeaseTableModel::IdleForColumn})
            QCOMPARE(model->index(rowOf(holder), column).data(Qt::BackgroundRole).value<QBrush>().color(), mark);
    for (const QString &holder : {u"user2@ws-2"_s, u"user3@ws-3"_s})
        QVERIFY(!model->index(rowOf(holder), LeaseTableModel::HolderColumn).data(Qt::BackgroundRole).isValid());

    // A click on the header sorts by idle time, the idlest last; another click, first.
    QHeaderView *header = holders->horizontalHeader();
    const QPoint at(header->sectionViewportPosition(LeaseTableModel::IdleForColumn)
                        + header->sectionSize(LeaseTableModel::IdleForColumn) / 2,
                    header->height() / 2);
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(header->sortIndicatorSection(), int(LeaseTableModel::IdleForColumn));
    const auto order = [&] {
        QStringList holdersInOrder;
        for (int r = 0; r < model->rowCount(); ++r)
            holdersInOrder << model->index(r, LeaseTableModel::HolderColumn).data().toString();
        return holdersInOrder;
    };
    const QStringList ascending {u"user3@ws-3"_s, u"user2@ws-2"_s, u"user1@ws-1"_s, u"user4@ws-4"_s};
    const QStringList descending {u"user4@ws-4"_s, u"user1@ws-1"_s, u"user2@ws-2"_s, u"user3@ws-3"_s};
    const QStringList first = order();
    QVERIFY2(first == ascending || first == descending, qPrintable(first.join(u", ")));
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(order(), first == ascending ? descending : ascending);

    // Time passes on the dashboard's clock: the active holder reads its idle minutes.
    shown.clock.advance(std::chrono::minutes(3));
    session.leases().tick();
    QCOMPARE(idleFor(u"user2@ws-2"_s), u"3 min"_s);
}

void TestSeatsPage::theLedgerBarAccountsForEverySeat()
{
    // Five seats, one reserved for cad: one holder in use, one idle for 74 minutes, the cad seat
    // unused, two free. The bar splits the five, the sentences say it.
    ShownPage shown(1280, 720);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    SeatsPage &page = shown.page;
    LedgerBar *ledger = page.ledgerBar();
    QVERIFY(ledger);
    feed(session, 2, now.addSecs(-3 * 3600));
    page.selectLicense(u"acme-cad"_s);
    LeaseList list = ledgerListing();
    session.applyLeaseLists({list});
    QTRY_VERIFY(ledger->isVisible());

    const QList<LedgerBar::Segment> segments = ledger->segments();
    QList<std::pair<SeatLedger::Category, int>> split;
    int total = 0;
    for (const LedgerBar::Segment &segment : segments) {
        split << std::pair {segment.category, segment.seats};
        total += segment.seats;
    }
    const QList<std::pair<SeatLedger::Category, int>> expected {{SeatLedger::Category::InUse, 1},
                                                                {SeatLedger::Category::Idle, 1},
                                                                {SeatLedger::Category::ReservedIdle, 1},
                                                                {SeatLedger::Category::Free, 2}};
    QCOMPARE(split, expected);
    QCOMPARE(total, 5);
    QCOMPARE(ledger->report()->ledger.accounted(), 5);
    // The parts fill the bar side by side, each as wide as its seats, in its palette colour.
    QWidget *bar = ledger->barWidget();
    QVERIFY(bar->isVisible() && bar->width() > 50);
    QCOMPARE(qRound(segments.first().rect.left()), 0);
    QCOMPARE(qRound(segments.last().rect.right()), bar->width());
    QVERIFY(qAbs(segments.at(3).rect.width() - 2 * segments.at(0).rect.width()) < 2);
    QCOMPARE(LedgerBar::roleOf(SeatLedger::Category::Idle), StatePalette::Idle);
    const QImage shot = bar->grab().toImage();
    const QPoint idleMiddle = segments.at(1).rect.center().toPoint() + QPoint(0, bar->height() / 2 - 2);
    QCOMPARE(shot.pixelColor(idleMiddle * shot.devicePixelRatio()).rgb(), StatePalette::fill(StatePalette::Idle).rgb());

    const QString sentences = ledger->sentenceText();
    QVERIFY2(sentences.contains(u"1 seat in active use: user2@ws-2."_s), qPrintable(sentences));
    QVERIFY2(sentences.contains(u"1 seat held but idle for more than 30 minutes: user1@ws-1"_s), qPrintable(sentences));
    QVERIFY2(sentences.contains(u"1 seat reserved for cad and unused."_s), qPrintable(sentences));
    QVERIFY2(sentences.contains(u"2 seats free."_s), qPrintable(sentences));

    // Each line that names seats or a rule has its Actions; the free seats have none. With no
    // window to carry them out (and no role known), they are there but disabled.
    QToolButton *idleButton = ledger->lineButton(1);
    QVERIFY(idleButton && idleButton->isVisible() && !idleButton->isEnabled());
    QVERIFY(ledger->lineButton(0) && ledger->lineButton(2));
    QVERIFY(!ledger->lineButton(3));
    ledger->setActionEnabled(LedgerBar::Action::Revoke, true);
    ledger->setActionEnabled(LedgerBar::Action::EditRule, true);
    QVERIFY(idleButton->isEnabled());
    QVERIFY(idleButton->focusPolicy() & Qt::TabFocus);
    // Walk 55, 8: it looks like a button before it is hovered (a frame at its edge, a menu arrow),
    // not a stray word beside the sentence.
    QVERIFY(idleButton->arrowType() != Qt::NoArrow);
    {
        const QImage button = idleButton->grab().toImage();
        const QColor window = idleButton->palette().color(QPalette::Window);
        bool framed = false;
        for (int x = 0; x < 3 * button.devicePixelRatio(); ++x)
            framed = framed || button.pixelColor(x, button.height() / 2).rgb() != window.rgb();
        QVERIFY2(framed, "the Actions button draws nothing at its edge: it reads as a word");
    }
    auto *idleSentence = ledger->findChild<QLabel *>(u"ledgerSentence1"_s);
    QVERIFY(idleSentence);
    QVERIFY(idleSentence->geometry().right() < idleButton->geometry().left());
    QString editedLicense;
    SeatLedger::Category editedCategory = SeatLedger::Category::Free;
    QList<std::pair<HeldSeat, bool>> revokes;
    connect(ledger, &LedgerBar::editRuleRequested, &page, [&](const QString &id, SeatLedger::Category category) {
        editedLicense = id;
        editedCategory = category;
    });
    connect(ledger, &LedgerBar::revokeRequested, &page, [&](const HeldSeat &seat, bool block) {
        revokes << std::pair {seat, block};
    });
    QTest::mouseClick(idleButton, Qt::LeftButton);
    QMenu *menu = ledger->lineMenu();
    QTRY_VERIFY(menu->isVisible());
    QStringList texts;
    for (const QAction *action : menu->actions())
        texts << action->text();
    QCOMPARE(texts,
             (QStringList {u"Revoke user1@ws-1…"_s, u"Revoke and block user1@ws-1…"_s, QString(),
                           u"Edit the idle seats rule…"_s}));
    menu->setActiveAction(menu->actions().last());
    QTest::keyClick(menu, Qt::Key_Return);
    QTRY_VERIFY(!menu->isVisible());
    QCOMPARE(editedLicense, u"acme-cad"_s);
    QCOMPARE(editedCategory, SeatLedger::Category::Idle);
    QVERIFY(revokes.isEmpty());
    QTest::mouseClick(idleButton, Qt::LeftButton);
    QTRY_VERIFY(menu->isVisible());
    QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(menu->actions().at(1)).center());
    QTRY_VERIFY(!menu->isVisible());
    QCOMPARE(revokes.size(), 1);
    QCOMPARE(revokes.first().first.seatId, list.leases.at(0).lease.seatId);
    QCOMPARE(revokes.first().first.holder, u"user1@ws-1"_s);
    QCOMPARE(revokes.first().first.licenseId, u"acme-cad"_s);
    QVERIFY(revokes.first().second);

    // A narrow pane gives a sentence two lines beside its button, then cuts it, whole in its
    // tooltip.
    const QString idleWhole = ledger->sentenceText().split(u'\n').at(1);
    const int twoLines = LedgerBar::sentenceLines * idleSentence->fontMetrics().lineSpacing();
    page.resize(1280, 720);
    QTRY_COMPARE(idleSentence->text(), idleWhole);
    QVERIFY(idleSentence->toolTip().isEmpty());
    const int oneLine = idleSentence->fontMetrics().lineSpacing();
    page.resize(360, 720);
    QTRY_VERIFY(idleSentence->text() != idleWhole);
    QVERIFY(idleSentence->text().endsWith(u'…'));
    QCOMPARE(idleSentence->toolTip(), idleWhole);
    const int shownHeight = idleSentence->fontMetrics()
                                .boundingRect(QRect(0, 0, idleSentence->contentsRect().width(), 1000), Qt::TextWordWrap,
                                              idleSentence->text())
                                .height();
    QVERIFY2(shownHeight <= twoLines && shownHeight > oneLine,
             qPrintable(u"%1 px of text for two lines of %2"_s.arg(shownHeight).arg(twoLines)));
    QVERIFY(idleSentence->geometry().right() < idleButton->geometry().left());
    page.resize(1280, 720);
    QTRY_COMPARE(idleSentence->text(), idleWhole);

    // The next poll: the idle holder is back at work, and the bar follows.
    list.leases[0].lastActivityAt = now;
    session.applyLeaseLists({list});
    QTRY_COMPARE(ledger->segments().first().seats, 2);
    QVERIFY(!ledger->sentenceText().contains(u"idle for more"_s));
}

// Walk 55, 1: the holders' bar drew the free seats in the slate the legend gives to a simulator
// sandbox, while the legend showed free as a white box. Free is one colour in the license's bar,
// the holders' bar and the legend, and it is not the sandbox's.
void TestSeatsPage::freeSeatsLookAlikeInBothBarsAndTheLegend()
{
    ShownPage shown(1440, 900);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    SeatsPage &page = shown.page;
    LicenseList licenses = demoAndSandboxes();
    licenses.licenses[0].seatCount = 5; // acme-cad as ledgerListing() has it: 2 of 5 in use
    licenses.licenses[0].inUse = 2;
    session.licenses().applyList(licenses);
    page.selectLicense(u"acme-cad"_s);
    session.applyLeaseLists({ledgerListing()});
    LedgerBar *ledger = page.ledgerBar();
    QTRY_VERIFY(ledger->isVisible());
    QLabel *legend = page.seatLegend();
    QTRY_VERIFY(legend->isVisible());

    // The legend's swatch before each entry's words.
    const auto swatchOf = [legend](const QString &words) {
        const QRegularExpression entry(
            u"color:(#[0-9a-fA-F]{6})\">\u25A0</span> %1<"_s.arg(QRegularExpression::escape(words)));
        const QRegularExpressionMatch match = entry.match(legend->text());
        return match.hasMatch() ? QColor(match.captured(1)) : QColor();
    };
    const QColor free = swatchOf(u"free"_s);
    const QColor sandbox = swatchOf(u"simulator sandbox, staged"_s);
    QVERIFY2(free.isValid() && sandbox.isValid(), qPrintable(legend->text()));
    QVERIFY2(StatePalette::contrastRatio(free, sandbox) >= 2.0,
             qPrintable(u"free %1 and sandbox %2"_s.arg(free.name(), sandbox.name())));
    // Free shows beside the legend, on the window, and in the table, on the base.
    QVERIFY(StatePalette::contrastRatio(free, legend->palette().color(QPalette::Window)) >= 1.2);
    QVERIFY(StatePalette::contrastRatio(free, legend->palette().color(QPalette::Base)) >= 1.2);

    // The holders' bar: the free part, below its count.
    const QList<LedgerBar::Segment> segments = ledger->segments();
    QVERIFY(segments.last().category == SeatLedger::Category::Free);
    QWidget *bar = ledger->barWidget();
    const QImage shot = bar->grab().toImage();
    const QPoint freeMiddle = segments.last().rect.center().toPoint() + QPoint(0, bar->height() / 2 - 2);
    QCOMPARE(QColor(shot.pixelColor(freeMiddle * shot.devicePixelRatio())).name(), free.name());

    // The license's bar: the track after its two used seats of five.
    QTableView *table = page.licensesView();
    table->clearSelection();
    const QModelIndex seats
        = table->model()->index(int(shownIds(table).indexOf(u"acme-cad"_s)), LicenseListModel::SeatsColumn);
    const QRect cell = table->visualRect(seats);
    const QRect track = SeatBarDelegate::barRect(QRect(QPoint(0, 0), cell.size()), table->fontMetrics(),
                                                 seats.data(Qt::DisplayRole).toString());
    const QImage row = table->viewport()->grab(cell).toImage();
    const QPoint trackEnd(track.right() - 5, track.center().y());
    QCOMPARE(QColor(row.pixelColor(trackEnd * row.devicePixelRatio())).name(), free.name());
}

void TestSeatsPage::theLedgerActionsAreReachedByKeyboard()
{
    // A keyboard user goes from the holder filter through each ledger line's Actions to the
    // holders, and out of the holders table with Tab (not from cell to cell); Shift+Tab comes back.
    ShownPage shown(1280, 720);
    QVERIFY(shown.exposed());
    SeatsPage &page = shown.page;
    LedgerBar *ledger = page.ledgerBar();
    feed(shown.session, 2, now.addSecs(-3 * 3600));
    page.selectLicense(u"acme-cad"_s);
    shown.session.applyLeaseLists({ledgerListing()});
    QTRY_VERIFY(ledger->isVisible());
    ledger->setActionEnabled(LedgerBar::Action::Revoke, true);
    ledger->setActionEnabled(LedgerBar::Action::EditRule, true);
    QList<QToolButton *> buttons;
    for (int line = 0; line < ledger->report()->ledger.lines.size(); ++line) {
        if (QToolButton *button = ledger->lineButton(line))
            buttons << button;
    }
    QCOMPARE(buttons.size(), 3); // in use, idle, reserved and unused; the free seats offer nothing
    auto *filter = page.findChild<QLineEdit *>(u"holderFilter"_s);
    auto *holders = page.findChild<QTableView *>(u"holdersTable"_s);
    QVERIFY(filter && holders);
    page.activateWindow();
    filter->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(filter->hasFocus());
    for (QToolButton *button : std::as_const(buttons)) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), button);
    }
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), holders);
    // Out of the table with one Tab, not through its cells.
    QTest::keyClick(holders, Qt::Key_Tab);
    QVERIFY(QApplication::focusWidget() != holders);
    holders->setFocus(Qt::TabFocusReason);
    QTest::keyClick(holders, Qt::Key_Backtab);
    QCOMPARE(QApplication::focusWidget(), buttons.last());

    // Space opens the idle line's menu; the arrows and Return choose "Revoke and block".
    QList<std::pair<HeldSeat, bool>> revokes;
    connect(ledger, &LedgerBar::revokeRequested, &page, [&](const HeldSeat &seat, bool block) {
        revokes << std::pair {seat, block};
    });
    QCOMPARE(buttons.at(1), ledger->lineButton(1));
    buttons.at(1)->setFocus(Qt::TabFocusReason);
    QTest::keyClick(buttons.at(1), Qt::Key_Space);
    QMenu *menu = ledger->lineMenu();
    QTRY_VERIFY(menu->isVisible());
    QTest::keyClick(menu, Qt::Key_Down);
    if (menu->activeAction() != menu->actions().at(1))
        QTest::keyClick(menu, Qt::Key_Down);
    QCOMPARE(menu->activeAction()->text(), u"Revoke and block user1@ws-1…"_s);
    QTest::keyClick(menu, Qt::Key_Return);
    QTRY_VERIFY(!menu->isVisible());
    QCOMPARE(revokes.size(), 1);
    QCOMPARE(revokes.first().first.holder, u"user1@ws-1"_s);
    QVERIFY(revokes.first().second);

    // Enter opens it too (walk 46: only Space did), and Escape closes it with nothing done.
    buttons.at(1)->setFocus(Qt::TabFocusReason);
    QTest::keyClick(buttons.at(1), Qt::Key_Return);
    QTRY_VERIFY(menu->isVisible());
    QTest::keyClick(menu, Qt::Key_Escape);
    QTRY_VERIFY(!menu->isVisible());
    QCOMPARE(revokes.size(), 1);
}

void TestSeatsPage::aLedgerLinesMenuOpensWhereItIsAsked()
{
    // Its top at the point; near the screen's edge Qt moves it sideways to fit, over the point.
    const auto opensAt = [](const QMenu *menu, const QPoint &point) {
        const QRect frame = menu->geometry();
        if (frame.top() != point.y() || point.x() < frame.left() || point.x() > frame.right() + 1) {
            qWarning() << "menu at" << frame << "asked at" << point;
            return false;
        }
        return true;
    };
    // Within the offscreen screen (800x600), so the menu is where it is asked.
    ShownPage shown(780, 560);
    QVERIFY(shown.exposed());
    SeatsPage &page = shown.page;
    LedgerBar *ledger = page.ledgerBar();
    feed(shown.session, 2, now.addSecs(-3 * 3600));
    page.selectLicense(u"acme-cad"_s);
    shown.session.applyLeaseLists({ledgerListing()});
    QTRY_VERIFY(ledger->isVisible());
    ledger->setActionEnabled(LedgerBar::Action::Revoke, true);
    ledger->setActionEnabled(LedgerBar::Action::EditRule, true);
    auto *sentence = ledger->findChild<QLabel *>(u"ledgerSentence1"_s);
    QToolButton *button = ledger->lineButton(1);
    QVERIFY(sentence && button);
    QMenu *menu = ledger->lineMenu();

    // A right click on the line's sentence: the menu opens at the pointer, not at the button.
    const QPoint clicked(30, sentence->height() / 2);
    QContextMenuEvent mouse(QContextMenuEvent::Mouse, clicked, sentence->mapToGlobal(clicked));
    QApplication::sendEvent(sentence, &mouse);
    QTRY_VERIFY(menu->isVisible());
    QCOMPARE(menu->pos(), sentence->mapToGlobal(clicked));
    QCOMPARE(menu->actions().last()->text(), u"Edit the idle seats rule…"_s);
    menu->hide();

    // A right click on the button: at the pointer too.
    const QPoint onButton(button->width() / 2, button->height() / 2);
    QContextMenuEvent buttonClick(QContextMenuEvent::Mouse, onButton, button->mapToGlobal(onButton));
    QApplication::sendEvent(button, &buttonClick);
    QTRY_VERIFY(menu->isVisible());
    QVERIFY(opensAt(menu, button->mapToGlobal(onButton)));
    menu->hide();

    // The Menu key on the focused button: under the line's sentence, from its start.
    button->setFocus(Qt::TabFocusReason);
    QContextMenuEvent key(QContextMenuEvent::Keyboard, onButton, button->mapToGlobal(onButton));
    QApplication::sendEvent(button, &key);
    QTRY_VERIFY(menu->isVisible());
    QCOMPARE(menu->pos(), sentence->mapToGlobal(QPoint(0, sentence->height())));
    menu->hide();

    // A click on the button: under it, as before.
    QTest::mouseClick(button, Qt::LeftButton);
    QTRY_VERIFY(menu->isVisible());
    QVERIFY(opensAt(menu, button->mapToGlobal(QPoint(0, button->height()))));
    menu->hide();
}

void TestSeatsPage::anUnchangedLedgerIsNotLaidOutAgain()
{
    // Every poll brings the ledger again; the lines and their Actions are laid out again only when
    // it says something new.
    ShownPage shown(1280, 720);
    QVERIFY(shown.exposed());
    SeatsPage &page = shown.page;
    LedgerBar *ledger = page.ledgerBar();
    feed(shown.session, 2, now.addSecs(-3 * 3600));
    page.selectLicense(u"acme-cad"_s);
    LeaseList list = ledgerListing();
    shown.session.applyLeaseLists({list});
    QTRY_VERIFY(ledger->isVisible());
    const int before = ledger->relayoutCount();
    const QString sentences = ledger->sentenceText();
    for (int poll = 0; poll < 3; ++poll)
        shown.session.applyLeaseLists({list});
    QCOMPARE(ledger->relayoutCount(), before);
    QCOMPARE(ledger->sentenceText(), sentences);

    // user2 goes idle too: the ledger changes, and the lines follow.
    list.leases[1].lastActivityAt = now.addSecs(-60 * 60);
    shown.session.applyLeaseLists({list});
    QTRY_VERIFY(ledger->relayoutCount() > before);
    QVERIFY2(ledger->sentenceText().contains(u"2 seats held but idle"_s), qPrintable(ledger->sentenceText()));
    QCOMPARE(ledger->segments().first().category, SeatLedger::Category::Idle);
}

void TestSeatsPage::aBorrowedSeatIsShownApartAndCounted()
{
    // The ledger's five seats, and a third holder away on a laptop until Thursday 18:00: the State
    // column says so in the user's words and the borrowed colour, the ledger accounts for the seat
    // as borrowed (with nothing to revoke), and the seat bar ends its used part in that colour.
    ShownPage shown(1440, 900);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    SeatsPage &page = shown.page;
    showFiveSeatsOneBorrowed(session, page);
    LeaseList list = ledgerListing();
    const QDateTime until(now.date().addDays(3), QTime(18, 0), Qt::LocalTime); // Thursday
    const LeaseRow away = borrowedRow(list, 3, u"carol@laptop"_s, until);
    list.leases << away;
    list.inUse = 3;
    session.applyLeaseLists({list});
    LedgerBar *ledger = page.ledgerBar();
    QTRY_VERIFY(ledger->isVisible());

    const LeaseTableModel &leases = session.leases();
    const int row = leases.rowOfKey(away.lease.seatId);
    QVERIFY(row >= 0);
    const QModelIndex state = leases.index(row, LeaseTableModel::StateColumn);
    // Walk 55, 1: the day, its date and month in words, and the time, the one way the dashboard
    // writes a borrow's end (a weekday alone did not say which week).
    const QLocale locale;
    const QString end = borrowEndText(until, now, QTimeZone::systemTimeZone());
    QCOMPARE(end, locale.toString(until, u"ddd d MMM HH:mm"_s).replace(u' ', QChar(QChar::Nbsp)));
    // Walk 57a, F4: a date never wraps inside, in a narrow pane or in French.
    QVERIFY(!end.contains(u' '));
    QCOMPARE(state.data().toString(), u"borrowed until %1"_s.arg(end));
    QCOMPARE(state.data(Qt::ForegroundRole).value<QBrush>().color(), StatePalette::colour(StatePalette::Borrowed));
    QVERIFY(StatePalette::colour(StatePalette::Borrowed) != StatePalette::colour(StatePalette::Live));
    QVERIFY(state.data(Qt::ToolTipRole).toString().contains(u"cannot be revoked"_s));
    // Walk 55, 3: its laptop is offline by design, which is not "unknown"; it counts as another seat.
    const QModelIndex idle = leases.index(row, LeaseTableModel::IdleForColumn);
    QCOMPARE(idle.data().toString(), u"\u2014"_s);
    QVERIFY2(idle.data(Qt::ToolTipRole).toString().contains(u"offline"_s),
             qPrintable(idle.data(Qt::ToolTipRole).toString()));
    QVERIFY2(idle.data(Qt::ToolTipRole).toString().contains(u"no heartbeats"_s),
             qPrintable(idle.data(Qt::ToolTipRole).toString()));
    QCOMPARE(leases.index(row, LeaseTableModel::CountsAgainstColumn).data().toString(), u"shared seats"_s);
    // The live holders still read live.
    QCOMPARE(
        leases.index(leases.rowOfKey(list.leases.at(0).lease.seatId), LeaseTableModel::StateColumn).data().toString(),
        u"live"_s);

    // Selected with the mouse, the seat a Revoke would act on says it is borrowed, and until when.
    QTableView *holders = page.holdersView();
    const QModelIndex shownState = static_cast<QSortFilterProxyModel *>(holders->model())->mapFromSource(state);
    QVERIFY(shownState.isValid());
    holders->scrollTo(shownState);
    QTest::mouseClick(holders->viewport(), Qt::LeftButton, {}, holders->visualRect(shownState).center());
    QTRY_COMPARE(page.selectedSeats().size(), 1);
    QVERIFY(page.selectedSeats().first().borrowed);
    QCOMPARE(page.selectedSeats().first().borrowedUntil, until);

    // The ledger: five seats, one of them borrowed, and no Actions on that line.
    QList<std::pair<SeatLedger::Category, int>> split;
    for (const LedgerBar::Segment &segment : ledger->segments())
        split << std::pair {segment.category, segment.seats};
    const QList<std::pair<SeatLedger::Category, int>> lines {{SeatLedger::Category::InUse, 1},
                                                             {SeatLedger::Category::Idle, 1},
                                                             {SeatLedger::Category::Borrowed, 1},
                                                             {SeatLedger::Category::ReservedIdle, 1},
                                                             {SeatLedger::Category::Free, 1}};
    QCOMPARE(split, lines);
    QCOMPARE(ledger->report()->ledger.accounted(), 5);
    QCOMPARE(LedgerBar::roleOf(SeatLedger::Category::Borrowed), StatePalette::Borrowed);
    const QString sentences = ledger->sentenceText();
    QVERIFY2(
        sentences.contains(u"1 seat borrowed, counted until returned or expired: carol@laptop (until %1)."_s.arg(end)),
        qPrintable(sentences));
    ledger->setActionEnabled(LedgerBar::Action::Revoke, true);
    QVERIFY(ledger->lineButton(0));
    QVERIFY(!ledger->lineButton(2));

    // The seat bar of the license: the borrowed seat ends the used part, in its own colour.
    QTableView *licensesView = page.licensesView();
    const QModelIndex seats = licensesView->model()->index(0, LicenseListModel::SeatsColumn);
    QCOMPARE(seats.data(LicenseListModel::BorrowedRole).toInt(), 1);
    const QRect cell = licensesView->visualRect(seats);
    QVERIFY(cell.width() > 100);
    const QRect bar = SeatBarDelegate::barRect(cell, licensesView->fontMetrics(), seats.data().toString());
    const QRect borrowedPart = SeatBarDelegate::borrowedRect(bar, 3, 1, 5);
    QVERIFY(borrowedPart.width() > 4);
    const QImage shot = licensesView->viewport()->grab().toImage();
    const auto pixel = [&](QPoint at) { return shot.pixelColor(at * shot.devicePixelRatio()).rgb(); };
    QCOMPARE(pixel(borrowedPart.center()), StatePalette::fill(StatePalette::Borrowed).rgb());
    QCOMPARE(pixel(QPoint(bar.left() + bar.width() / 10, bar.center().y())), SeatBarDelegate::colorFor(3, 5).rgb());
}

void TestSeatsPage::aWrittenOffSeatIsNamedInTheLiveLedger()
{
    // Walk-through of issue 27 (A1): a borrowed seat whose laptop was lost and that an admin wrote
    // off is still counted until its expiry; the live ledger under the Seats page names it as
    // written off, as `keyright explain` and the past ledger do (the same sentences).
    ShownPage shown(1440, 900);
    QVERIFY(shown.exposed());
    DashboardSession &session = shown.session;
    SeatsPage &page = shown.page;
    showFiveSeatsOneBorrowed(session, page);
    LeaseList list = ledgerListing();
    const QDateTime until(now.date().addDays(3), QTime(18, 0), Qt::LocalTime);
    LeaseRow lost = borrowedRow(list, 4, u"dave@laptop"_s, until);
    lost.writeOff = BorrowWriteOff {now.addSecs(-600), u"admin"_s, u"left on a train"_s};
    list.leases << lost;
    list.inUse = 3;
    session.applyLeaseLists({list});
    LedgerBar *ledger = page.ledgerBar();
    QTRY_VERIFY(ledger->isVisible());

    // Still counted, among the borrowed seats, and named apart as written off with its note.
    const SeatLedger::Line *borrowed = ledger->report()->ledger.line(SeatLedger::Category::Borrowed);
    QVERIFY(borrowed);
    QCOMPARE(borrowed->seats, 1);
    QCOMPARE(ledger->report()->ledger.accounted(), 5);
    const QString sentences = ledger->sentenceText();
    QVERIFY2(sentences.contains(u"1 seat borrowed, counted until returned or expired: dave@laptop (until "_s),
             qPrintable(sentences));
    // Walk 55, 4: one seat, already named: said plainly, not "1 of them".
    QVERIFY2(sentences.contains(u"dave@laptop (until %1); it was written off: left on a train."_s.arg(
                 borrowEndText(until, now, QTimeZone::systemTimeZone()))),
             qPrintable(sentences));
    QVERIFY2(!sentences.contains(u"of them"_s), qPrintable(sentences));

    // Walk 55, 5: its state is short, the end as everywhere (the whole sentence in its tooltip), so
    // that Counts against stays in view beside it at 1440x900.
    const LeaseTableModel &leases = session.leases();
    const int row = leases.rowOfKey(lost.lease.seatId);
    const QModelIndex state = leases.index(row, LeaseTableModel::StateColumn);
    QCOMPARE(state.data().toString(),
             u"written off, until %1"_s.arg(borrowEndText(until, now, QTimeZone::systemTimeZone())));
    QVERIFY2(state.data(Qt::ToolTipRole).toString().contains(u"counts against the license until"_s),
             qPrintable(state.data(Qt::ToolTipRole).toString()));
    // Walk 57b, 13: a lost seat is drawn as a warning, neither in live green nor in the olive of a
    // seat merely away.
    const QColor lostColour = state.data(Qt::ForegroundRole).value<QBrush>().color();
    QCOMPARE(lostColour, StatePalette::colour(StatePalette::Pending));
    QVERIFY(lostColour != StatePalette::colour(StatePalette::Live));
    QVERIFY(lostColour != StatePalette::colour(StatePalette::Borrowed));
    QTableView *holders = page.holdersView();
    QHeaderView *header = holders->horizontalHeader();
    QApplication::processEvents();
    for (const int column : {int(LeaseTableModel::StateColumn), int(LeaseTableModel::CountsAgainstColumn)}) {
        QVERIFY2(header->sectionViewportPosition(column) + header->sectionSize(column) <= holders->viewport()->width(),
                 qPrintable(u"column %1 ends at %2 px of %3"_s.arg(column)
                                .arg(header->sectionViewportPosition(column) + header->sectionSize(column))
                                .arg(holders->viewport()->width())));
    }
}

QTEST_MAIN(TestSeatsPage)
#include "tst_seatspage.moc"
