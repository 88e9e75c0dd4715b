#include "ChartLegend.h"
#include "DashboardHarness.h"
#include "DashboardSession.h"
#include "ElidedLabel.h"
#include "LicenseListModel.h"
#include "MainWindow.h"
#include "ManualClock.h"
#include "StatePalette.h"
#include "TestServer.h"
#include "UsageHeatmap.h"
#include "UsagePage.h"
#include "UsageReportModel.h"
#include "WhatIfSentence.h"
#include "wire/SeatRulesJson.h"

#include <QApplication>
#include <QComboBox>
#include <QDateEdit>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QGroupBox>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTranslator>
#include <QtCharts/QChartView>

#include <cstdlib>
#include <ctime>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using namespace keyright;

// The Usage page (issue 25) on a real server with a history made by real checkouts on its manual
// clock, read with a viewer's token: opened with Ctrl+U, the range changed with the keyboard, the
// figures, the chart, the histogram, the heatmap and the top holders checked against numbers worked
// out by hand and against the server's own report, then the CSV and the PDF exported with their
// shortcuts through the file dialog and read back.
class TestUsagePage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void usageOfALicenseOverAWeek();
    void aNewerRequestWinsAndAnotherConnectionForgets();
    void customDatesCannotCrossAndShortcutsWorkEverywhere();
    void theSuggestionAboveThePeakSaysWhy();
    void thePageFitsANarrowWindow();
    void refusalsAtAnySeatCountReadAsASentence();
    void borrowedSeatsAreDrawnApart();
    void comingBackAfterAWhileAsksAgain();
    void aDemoServersHistoryIsSaidMadeUp();
    void theSimulatorsSandboxesAreNotOffered();

private:
    // The report the server gives for `query`, asked with the admin token.
    static std::optional<UsageReport> serverReport(TestServer &server, const QString &licenseId,
                                                   const UsageQuery &query);
    // Fills in and accepts the export dialog the page opened.
    static bool acceptExportDialog(MainWindow &window, const QString &path);
};

std::optional<UsageReport> TestUsagePage::serverReport(TestServer &server, const QString &licenseId,
                                                       const UsageQuery &query)
{
    int status = 0;
    const QJsonObject json = server.adminCall(
        "GET", u"/v1/licenses/%1/usage?%2"_s.arg(licenseId, query.toQuery().toString(QUrl::FullyEncoded)), {}, &status);
    if (status != 200)
        return std::nullopt;
    return UsageReport::fromJson(json);
}

bool TestUsagePage::acceptExportDialog(MainWindow &window, const QString &path)
{
    QFileDialog *dialog = nullptr;
    if (!QTest::qWaitFor(
            [&] {
                return (dialog = window.findChild<QFileDialog *>(u"usageExportDialog"_s)) != nullptr
                    && dialog->isVisible();
            },
            5000))
        return false;
    // The path in the dialog's file name field (set whole: typing it letter by letter opens the
    // field's completer, which takes the Enter), then Enter, as a person would.
    auto *name = dialog->findChild<QLineEdit *>(u"fileNameEdit"_s);
    if (!name)
        return false;
    name->setFocus();
    name->setText(path);
    QTest::keyClick(name, Qt::Key_Return);
    return true;
}

void TestUsagePage::usageOfALicenseOverAWeek()
{
    // Monday 30 November 2026, 09:00 UTC (the test runs in UTC: see main()).
    ManualClock clock(QDateTime(QDate(2026, 11, 30), QTime(9, 0), QTimeZone::utc()));
    TestServer server(TestServer::Options {.clock = &clock});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    int status = 0;
    const QJsonObject created = server.adminCall("PUT", u"/v1/licenses/cad"_s,
                                                 {{u"name"_s, u"Acme CAD Pro"_s},
                                                  {u"seatCount"_s, 2},
                                                  {u"ttlSeconds"_s, 4 * 3600},
                                                  {u"skewSeconds"_s, 10},
                                                  {u"reapGraceSeconds"_s, 3600}},
                                                 &status);
    QCOMPARE(status, 201);
    const QByteArray key = created.value("key"_L1).toString().toLatin1();
    const QJsonObject token
        = server.adminCall("POST", u"/v1/tokens"_s, {{u"name"_s, u"vera"_s}, {u"role"_s, u"viewer"_s}}, &status);
    QCOMPARE(status, 201);

    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock});
    MainWindow &window = dashboard.open(server.url(), token.value("secret"_L1).toString().toLatin1());
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.session().state() == DashboardSession::State::Connected, 5000);

    // Monday 09:00-10:00: alice and bob hold both seats and carol is refused (and gets none later:
    // a true denial); alice keeps hers until 11:00. Tuesday 09:00-10:00: alice alone. 4 seat-hours
    // in all, peak 2 for one hour.
    const QUrl url = server.url();
    const auto alice = dashboard.takeSeat(url, u"cad"_s, key, u"alice@ws-1"_s);
    const auto bob = dashboard.takeSeat(url, u"cad"_s, key, u"bob@ws-2"_s);
    QVERIFY(alice && bob);
    const auto carol = dashboard.checkout(url, u"cad"_s, key, u"carol@ws-3"_s);
    QVERIFY(carol && std::holds_alternative<outcome::NoSeats>(*carol));
    clock.advance(1h);
    QVERIFY(server.revoke(u"cad"_s, bob->seatId));
    clock.advance(1h);
    QVERIFY(server.revoke(u"cad"_s, alice->seatId));
    clock.advance(22h);
    const auto alice2 = dashboard.takeSeat(url, u"cad"_s, key, u"alice@ws-1"_s);
    QVERIFY(alice2);
    clock.advance(1h);
    QVERIFY(server.revoke(u"cad"_s, alice2->seatId));
    // Thursday 3 December 12:00: Monday to Wednesday are closed days.
    clock.advance(
        std::chrono::milliseconds(clock.now().msecsTo(QDateTime(QDate(2026, 12, 3), QTime(12, 0), QTimeZone::utc()))));
    QVERIFY(server.closeUsage() > 0);

    // Ctrl+U opens the page; it asks for the license's last 30 days by days.
    QTest::keyClick(&window, Qt::Key_U, Qt::ControlModifier);
    auto *page = window.usagePage();
    QVERIFY(page);
    QCOMPARE(window.pages()->tabText(window.pages()->currentIndex()), u"Usage"_s);
    QVERIFY(page->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(page->licenseId(), u"cad"_s, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(page->model().report() && !page->model().isLoading(), 10000);
    QCOMPARE(page->rangeChooser()->currentData().value<UsagePage::Range>(), UsagePage::Range::Last30Days);
    QCOMPARE(page->stepChooser()->currentData().value<UsageStep>(), UsageStep::Day);

    // Up in the range chooser: the last 7 days, still by days, asked again.
    page->rangeChooser()->setFocus();
    QTest::keyClick(page->rangeChooser(), Qt::Key_Up);
    QCOMPARE(page->rangeChooser()->currentData().value<UsagePage::Range>(), UsagePage::Range::Last7Days);
    QTRY_VERIFY_WITH_TIMEOUT(!page->model().isLoading() && page->model().report()
                                 && page->model().report()->from.daysTo(page->model().report()->to) <= 8,
                             10000);
    const UsageReport shown = *page->model().report();
    QCOMPARE(shown.step, UsageStep::Day);
    // The week's date labels stand at midnight, the start of a day.
    QVERIFY(page->chartTicks().size() >= 2);
    for (const QDateTime &tick : page->chartTicks())
        QVERIFY2(tick.toLocalTime().time() == QTime(0, 0), qPrintable(tick.toString(Qt::ISODate)));
    QVERIFY2(shown.timeZone.isEmpty() || shown.timeZone == u"UTC"_s, qPrintable(shown.timeZone));

    // What the server says for the same query, asked apart from the page.
    const std::optional<UsageReport> expected = serverReport(server, u"cad"_s, page->model().requestedQuery());
    QVERIFY(expected);
    const UsageSummary &s = expected->summary;
    // The history as made above.
    QCOMPARE(s.peak, 2);
    QCOMPARE(s.trueDenials, 1);
    QCOMPARE(s.seatsOwned, 2);
    QVERIFY2(qAbs(s.usedSeatHours - 4.0) < 0.01, qPrintable(QString::number(s.usedSeatHours)));

    // The key figures as the person reads them.
    const auto figure = [page](UsagePage::Figure f) { return page->figure(f)->text(); };
    QCOMPARE(figure(UsagePage::Figure::SeatsOwned), u"2"_s);
    QCOMPARE(figure(UsagePage::Figure::Peak), u"2"_s);
    QCOMPARE(figure(UsagePage::Figure::P95), QString::number(s.p95));
    QCOMPARE(figure(UsagePage::Figure::P95WorkingHours), QString::number(s.p95WorkingHours));
    QCOMPARE(figure(UsagePage::Figure::Utilization), QLocale().toString(s.utilization * 100.0, 'f', 1) + u" %"_s);
    QVERIFY(s.utilization > 0);
    QCOMPARE(figure(UsagePage::Figure::TrueDenials), u"1"_s);
    // Mostly idle, so the working hours' p95 is below the peak; carol went without a seat at the
    // peak, so the suggestion is the peak.
    QVERIFY(s.p95WorkingHours < 2);
    QCOMPARE(UsageReportModel::suggestedSeats(s), 2);
    // Once the replay is in, the seats it found enough: a third would have served carol.
    QTRY_VERIFY_WITH_TIMEOUT(page->model().whatIf() && !page->model().isWhatIfLoading(), 10000);
    QCOMPARE(figure(UsagePage::Figure::Suggested), u"3"_s);
    QVERIFY(page->figure(UsagePage::Figure::Suggested)->toolTip().contains(u"replay"_s));

    // The chart: one peak and one mean per day, Monday's true denial marked.
    QCOMPARE(page->chartBucketCount(), int(expected->buckets.size()));
    int denialBuckets = 0;
    int monday = -1;
    for (int i = 0; i < expected->buckets.size(); ++i) {
        const usage::Bucket &b = expected->buckets.at(i);
        QCOMPARE(page->chartPeakAt(i), double(b.peak));
        QVERIFY(qAbs(page->chartMeanAt(i) - UsageReportModel::meanInUse(b)) < 1e-9);
        denialBuckets += b.trueDenials > 0 ? 1 : 0;
        if (QDateTime::fromMSecsSinceEpoch(b.startMs, QTimeZone::utc()).date() == QDate(2026, 11, 30))
            monday = i;
    }
    QVERIFY(monday >= 0);
    QCOMPARE(expected->buckets.at(monday).peak, 2);
    QCOMPARE(expected->buckets.at(monday).usedSeatMs, qint64(3 * 3600 * 1000));
    QCOMPARE(denialBuckets, 1);
    QCOMPARE(page->trueDenialMarkCount(), 1);

    // Concurrency: at least 1 seat and at least 2 seats, with the server's shares.
    QTableWidget *histogram = page->histogramTable();
    QCOMPARE(histogram->rowCount(), 2);
    QCOMPARE(histogram->item(0, 0)->text(), u"At least 1 seat in use"_s);
    QCOMPARE(histogram->item(1, 0)->text(), u"At least 2 seats in use"_s);
    for (int k = 0; k < 2; ++k)
        QCOMPARE(histogram->item(k, 1)->text(),
                 QLocale().toString(s.atLeast.at(k) * 100.0, 'f', 1) + u" % of the time"_s);
    // 3 hours with at least one seat busy, 1 with both.
    QVERIFY(qAbs(s.atLeast.at(0) / s.atLeast.at(1) - 3.0) < 0.01);

    // The heatmap: Monday 09:00 both seats, 10:00 one, Tuesday 09:00 one.
    QCOMPARE(page->heatmap()->peakAt(0, 9), 2);
    QCOMPARE(page->heatmap()->peakAt(0, 10), 1);
    QCOMPARE(page->heatmap()->peakAt(1, 9), 1);
    QCOMPARE(page->heatmap()->peakAt(2, 9), 0);
    QVERIFY(page->heatmap()->meanAt(0, 9) > 0);
    QVERIFY(page->heatmap()->cellText(0, 9).contains(u"at most 2"_s));

    // Top holders: alice 3 seat-hours, bob 1.
    QTableWidget *holders = page->holdersTable();
    QCOMPARE(holders->rowCount(), 2);
    QCOMPARE(holders->item(0, 0)->text(), u"alice@ws-1"_s);
    QCOMPARE(holders->item(0, 1)->text(), QLocale().toString(3.0, 'f', 1));
    QCOMPARE(holders->item(1, 0)->text(), u"bob@ws-2"_s);
    QCOMPARE(holders->item(1, 1)->text(), QLocale().toString(1.0, 'f', 1));
    QCOMPARE(page->reservationsTable()->rowCount(), 0);
    // What if: the week replayed at other seat counts. The row of the two seats owned is marked and
    // refuses carol, as the server did; the seats that were enough are highlighted; one sentence
    // sums it up with the range in words.
    QVERIFY(page->whatIfBox()->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(page->model().whatIf() && !page->model().isWhatIfLoading(), 10000);
    QVERIFY(!page->whatIfStatus()->isVisible());
    QTableWidget *whatIf = page->whatIfTable();
    QVERIFY(whatIf->isVisible());
    QCOMPARE(whatIf->horizontalHeaderItem(3)->text(), u"Refused"_s);
    // Two words on two lines, so that the columns are as narrow as their values.
    QCOMPARE(whatIf->horizontalHeaderItem(4)->text(), u"True\ndenials"_s);
    QCOMPARE(whatIf->horizontalHeaderItem(7)->text(), u"Longest\nwait"_s);
    int ownedRow = -1;
    for (int r = 0; r < whatIf->rowCount(); ++r)
        if (whatIf->item(r, 0)->text() == u"2 (owned)"_s)
            ownedRow = r;
    QVERIFY2(ownedRow >= 0, "no row for the two seats owned");
    QCOMPARE(whatIf->item(ownedRow, 3)->text(), QString::number(s.denialCount()));
    QCOMPARE(whatIf->item(ownedRow, 3)->text(), u"1"_s);
    QCOMPARE(whatIf->item(ownedRow, 4)->text(), u"1"_s);
    QVERIFY(whatIf->item(ownedRow, 0)->font().bold());
    // A third seat would have served carol: the replay goes above the two owned while more seats
    // still refuse less, and that row is the needed one, highlighted; one seat would have refused
    // bob as well.
    const int needed = page->model().whatIf()->neededSeats();
    QCOMPARE(needed, 3);
    int neededRow = -1;
    for (int r = 0; r < whatIf->rowCount(); ++r)
        if (whatIf->item(r, 0)->text() == u"3"_s)
            neededRow = r;
    QVERIFY2(neededRow >= 0 && neededRow < ownedRow, "no row for three seats above the owned one");
    QCOMPARE(whatIf->item(neededRow, 3)->text(), u"0"_s);
    QCOMPARE(whatIf->item(neededRow, 0)->background().color(),
             StatePalette::background(StatePalette::Live, page->palette()));
    QVERIFY(whatIf->item(ownedRow, 0)->background().style() == Qt::NoBrush);
    int oneRow = -1;
    for (int r = 0; r < whatIf->rowCount(); ++r)
        if (whatIf->item(r, 0)->text() == u"1"_s)
            oneRow = r;
    QVERIFY(oneRow > ownedRow);
    QCOMPARE(whatIf->item(oneRow, 3)->text(), u"2"_s);
    QVERIFY(whatIf->item(oneRow, 0)->background().style() == Qt::NoBrush);
    QLabel *sentence = page->whatIfSentenceLabel();
    QVERIFY(sentence->isVisible());
    QVERIFY(sentence->wordWrap());
    QCOMPARE(sentence->text(), whatIfSentence(*page->model().whatIf(), u"from 27 Nov to 3 Dec"_s));
    QVERIFY2(sentence->text().startsWith(u"With %1 seats"_s.arg(needed)), qPrintable(sentence->text()));

    // With KEYRIGHT_SCREENSHOT_DIR set: docs/usage-page-en.png, the window at 1280x720.
    if (const QString dir = qEnvironmentVariable("KEYRIGHT_SCREENSHOT_DIR"); !dir.isEmpty()) {
        QVERIFY(window.grab().save(dir + u"/usage-page-en.png"_s));
        page->findChild<QTabWidget *>(u"usageDetails"_s)->setCurrentIndex(1);
        QVERIFY(window.grab().save(dir + u"/usage-heatmap-en.png"_s));
        page->findChild<QTabWidget *>(u"usageDetails"_s)->setCurrentIndex(0);
    }

    // Ctrl+E: the CSV, one line per bucket, read back.
    page->setNativeFileDialogs(false);
    const QString csvPath = dashboard.filePath(u"usage.csv"_s);
    page->chartView()->setFocus();
    QTest::keyClick(page->chartView(), Qt::Key_E, Qt::ControlModifier);
    QVERIFY(acceptExportDialog(window, csvPath));
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(csvPath), 5000);
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split(u"\r\n"_s, Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), expected->buckets.size() + 1);
    QCOMPARE(lines.first(),
             u"start,seats_owned,peak,mean_in_use,seat_hours,granted,denials,true_denials,"
             "waiting_peak,longest_wait_s,borrowed_seat_hours"_s);
    double seatHours = 0;
    for (int i = 0; i < expected->buckets.size(); ++i) {
        const usage::Bucket &b = expected->buckets.at(i);
        const QStringList f = lines.at(i + 1).split(u',');
        QCOMPARE(f.size(), 11);
        QCOMPARE(QDateTime::fromString(f.at(0), Qt::ISODate).toMSecsSinceEpoch(), b.startMs);
        QCOMPARE(f.at(1).toInt(), b.seatsOwned);
        QCOMPARE(f.at(2).toInt(), b.peak);
        QVERIFY(qAbs(f.at(3).toDouble() - UsageReportModel::meanInUse(b)) < 0.001);
        QVERIFY(qAbs(f.at(4).toDouble() - b.usedSeatHours()) < 0.001);
        QCOMPARE(f.at(5).toInt(), b.granted);
        QCOMPARE(f.at(6).toInt(), b.denialCount());
        QCOMPARE(f.at(7).toInt(), b.trueDenials);
        QCOMPARE(f.at(8).toInt(), b.waitingPeak);
        QCOMPARE(f.at(9).toLongLong(), b.longestWaitMs / 1000);
        QCOMPARE(f.at(10), u"0.000"_s); // recorded, none borrowed
        seatHours += f.at(4).toDouble();
    }
    QVERIFY(qAbs(seatHours - 4.0) < 0.01);
    QTRY_VERIFY_WITH_TIMEOUT(window.statusBar()->currentMessage().contains(u"usage.csv"_s), 5000);

    // Ctrl+P: the one-page A4 PDF.
    const QString pdfPath = dashboard.filePath(u"usage.pdf"_s);
    QTest::keyClick(page->chartView(), Qt::Key_P, Qt::ControlModifier);
    QVERIFY(acceptExportDialog(window, pdfPath));
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(pdfPath) && QFileInfo(pdfPath).size() > 1000, 5000);
    QFile pdf(pdfPath);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    const QByteArray bytes = pdf.readAll();
    QVERIFY(bytes.startsWith("%PDF"));
    const qsizetype pages = bytes.count("/Type /Page") - bytes.count("/Type /Pages");
    QCOMPARE(pages, 1);
    // A4 portrait: 595 x 842 points.
    const QRegularExpressionMatch box
        = QRegularExpression(u"/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]"_s).match(QString::fromLatin1(bytes));
    QVERIFY(box.hasMatch());
    QVERIFY2(qAbs(box.captured(1).toDouble() - 595.3) < 1 && qAbs(box.captured(2).toDouble() - 841.9) < 1,
             qPrintable(box.captured(0)));
    // The page's text is glyphs; the document's title names the license (UTF-16 in the info).
    QByteArray utf16;
    for (QChar c : u"Acme CAD Pro"_s)
        utf16 += char(c.unicode() >> 8), utf16 += char(c.unicode() & 0xff);
    QVERIFY2(bytes.contains(utf16) || bytes.contains("Acme CAD Pro"), "the PDF does not name the license");
    // Walk 25: the chart across the page with labels of at least 7 pt, the What-if sentence and
    // its table as the page shows them, and the date the report was made, all on the one page.
    const UsagePage::PdfLayout &layout = page->lastPdfLayout();
    QVERIFY2(layout.chart.width() >= layout.page.width() * 95 / 100,
             qPrintable(u"%1 of %2"_s.arg(layout.chart.width()).arg(layout.page.width())));
    QVERIFY2(layout.chartLabelPoints >= 7.0, qPrintable(QString::number(layout.chartLabelPoints)));
    QCOMPARE(layout.whatIfSentence, sentence->text());
    QCOMPARE(layout.whatIfRows, whatIf->rowCount());
    QVERIFY2(layout.footer.contains(u"2026"_s) && layout.footer.contains(u"December"_s), qPrintable(layout.footer));
    QVERIFY(layout.bottom < layout.page.height());

    // Typing a From date makes the range a custom one; a day and a half is shown by hours.
    QDateEdit *from = page->fromEdit();
    from->setFocus();
    from->selectAll();
    QTest::keyClicks(from, u"2026-12-02"_s);
    QTest::keyClick(from, Qt::Key_Tab);
    QCOMPARE(from->date(), QDate(2026, 12, 2));
    QCOMPARE(page->rangeChooser()->currentData().value<UsagePage::Range>(), UsagePage::Range::Custom);
    QCOMPARE(page->stepChooser()->currentData().value<UsageStep>(), UsageStep::Hour);
    QTRY_VERIFY_WITH_TIMEOUT(
        !page->model().isLoading() && page->model().report() && page->model().report()->step == UsageStep::Hour, 10000);
    // Wednesday 00:00 to Thursday 12:00: 36 hours, nobody held a seat.
    QCOMPARE(page->chartBucketCount(), 36);
    QCOMPARE(page->figure(UsagePage::Figure::Peak)->text(), u"0"_s);
    QCOMPARE(page->trueDenialMarkCount(), 0);
    QCOMPARE(page->figure(UsagePage::Figure::Suggested)->text(), u"0"_s);

    // The step chosen with the keyboard stays until the range changes.
    page->stepChooser()->setFocus();
    QTest::keyClick(page->stepChooser(), Qt::Key_Down);
    QCOMPARE(page->stepChooser()->currentData().value<UsageStep>(), UsageStep::Day);
    QTRY_VERIFY_WITH_TIMEOUT(!page->model().isLoading() && page->model().report()->step == UsageStep::Day, 10000);
    QCOMPARE(page->chartBucketCount(), 2);
}

// Two requests in flight: only the later one's answer is shown. Connecting to another server
// forgets the report (the figures go back to "—") before that server's report comes.
void TestUsagePage::aNewerRequestWinsAndAnotherConnectionForgets()
{
    ManualClock clock(QDateTime(QDate(2026, 11, 30), QTime(9, 0), QTimeZone::utc()));
    TestServer server(TestServer::Options {.clock = &clock});
    TestServer other(TestServer::Options {.clock = &clock});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    QVERIFY2(other.start(&error), qPrintable(error));
    const QByteArray cad = server.createLicense(u"cad"_s, 3, 4h, 10s, 1h);
    QVERIFY(!server.createLicense(u"cam"_s, 5, 4h, 10s, 1h).isEmpty());
    QVERIFY(!other.createLicense(u"erp"_s, 7, 4h, 10s, 1h).isEmpty());
    // cam reserves 2 of its 5 seats for render, whom nobody of render uses.
    int status = 0;
    server.adminCall("PUT", u"/v1/groups"_s,
                     {{u"groups"_s, seatrules::groupsToJson({HolderGroup {u"render"_s, {u"*@render-*"_s}}})}}, &status);
    QCOMPARE(status, 200);
    SeatRules rules;
    rules.reserve = {{u"render"_s, 2}};
    server.adminCall("PUT", u"/v1/licenses/cam/rules"_s, {{u"rules"_s, seatrules::rulesToJson(rules)}}, &status);
    QCOMPARE(status, 200);
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTRY_COMPARE_WITH_TIMEOUT(dashboard.session().licenses().rowCount(), 2, 5000);
    QVERIFY(dashboard.takeSeat(server.url(), u"cad"_s, cad, u"alice@ws-1"_s));
    clock.advance(2h);

    QTest::keyClick(&window, Qt::Key_U, Qt::ControlModifier);
    UsagePage *page = window.usagePage();
    QTRY_VERIFY_WITH_TIMEOUT(page->model().report() && !page->model().isLoading(), 10000);
    QCOMPARE(page->model().report()->licenseId, u"cad"_s);
    QCOMPARE(page->figure(UsagePage::Figure::SeatsOwned)->text(), u"3"_s);
    QCOMPARE(page->figure(UsagePage::Figure::Peak)->text(), u"1"_s);

    // cad, then cam at once: the first answer is dropped, cam's is shown.
    QSignalSpy reports(&page->model(), &UsageReportModel::reportChanged);
    page->model().fetch(u"cad"_s, page->query());
    page->model().fetch(u"cam"_s, page->query());
    QTRY_VERIFY_WITH_TIMEOUT(!page->model().isLoading(), 10000);
    QTest::qWait(200); // cad's answer, had it been kept, would be in by now
    QCOMPARE(reports.count(), 1);
    QCOMPARE(page->model().report()->licenseId, u"cam"_s);
    QCOMPARE(page->figure(UsagePage::Figure::SeatsOwned)->text(), u"5"_s);
    // Its two reserved seats sat idle the whole two hours: 4 seat-hours nobody else could use.
    QCOMPARE(page->model().report()->summary.reservedIdleSeatHours.value(u"render"_s), 4.0);
    QCOMPARE(page->reservationsTable()->rowCount(), 1);
    QCOMPARE(page->reservationsTable()->item(0, 0)->text(), u"render"_s);
    QCOMPARE(page->reservationsTable()->item(0, 1)->text(), QLocale().toString(4.0, 'f', 1));

    // Another server: nothing of the first one stays, then its own license's report comes.
    dashboard.session().connectTo(other.url(), other.adminToken(), u"other"_s);
    QVERIFY(!page->model().report());
    QCOMPARE(page->figure(UsagePage::Figure::SeatsOwned)->text(), u"—"_s);
    QCOMPARE(page->histogramTable()->rowCount(), 0);
    QVERIFY(!page->model().whatIf());
    QCOMPARE(page->whatIfTable()->rowCount(), 0);
    QVERIFY(!page->whatIfSentenceLabel()->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(page->licenseId(), u"erp"_s, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(page->model().report() && page->model().report()->licenseId == u"erp"_s, 10000);
    QCOMPARE(page->figure(UsagePage::Figure::SeatsOwned)->text(), u"7"_s);
}

// Walk 25: To cannot go before From nor either after today, and the range asked is the whole local
// days they say; Ctrl+E and Ctrl+P work wherever the focus is while the page shows (on a tab of
// the right-hand panel, on the window's own tabs), and the Server menu has both exports.
void TestUsagePage::customDatesCannotCrossAndShortcutsWorkEverywhere()
{
    ManualClock clock(QDateTime(QDate(2026, 12, 3), QTime(12, 0), QTimeZone::utc()));
    TestServer server(TestServer::Options {.clock = &clock});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const QByteArray cad = server.createLicense(u"cad"_s, 3, 4h, 10s, 1h);
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTRY_COMPARE_WITH_TIMEOUT(dashboard.session().licenses().rowCount(), 1, 5000);
    QVERIFY(dashboard.takeSeat(server.url(), u"cad"_s, cad, u"alice@ws-1"_s));
    clock.advance(1h);
    QTest::keyClick(&window, Qt::Key_U, Qt::ControlModifier);
    UsagePage *page = window.usagePage();
    QTRY_VERIFY_WITH_TIMEOUT(page->model().report() && !page->model().isLoading(), 10000);

    // From 20 November, then To typed as the 10th: To stays on or after From.
    QDateEdit *from = page->fromEdit();
    QDateEdit *to = page->toEdit();
    from->setFocus();
    from->selectAll();
    QTest::keyClicks(from, u"2026-11-20"_s);
    QTest::keyClick(from, Qt::Key_Tab);
    QCOMPARE(from->date(), QDate(2026, 11, 20));
    to->setFocus();
    to->selectAll();
    QTest::keyClicks(to, u"2026-11-10"_s);
    QTest::keyClick(to, Qt::Key_Tab);
    QVERIFY2(to->date() >= from->date(), qPrintable(to->date().toString(Qt::ISODate)));
    // A From after today: said in red, and nothing asked.
    QTRY_VERIFY_WITH_TIMEOUT(!page->model().isLoading(), 10000);
    from->setFocus();
    from->selectAll();
    QTest::keyClicks(from, u"2026-12-09"_s);
    QTest::keyClick(from, Qt::Key_Tab);
    QCOMPARE(from->date(), QDate(2026, 12, 9));
    QVERIFY(to->date() >= from->date());
    QVERIFY(!page->model().isLoading());
    QVERIFY2(page->statusLabel()->text().contains(u"after today"_s), qPrintable(page->statusLabel()->text()));
    QCOMPARE(page->statusLabel()->palette().color(QPalette::WindowText), StatePalette::colour(StatePalette::Failed));
    from->setFocus();
    from->selectAll();
    QTest::keyClicks(from, u"2026-11-20"_s);
    QTest::keyClick(from, Qt::Key_Tab);
    // The range asked is whole days: from the start of From to the end of To (or now).
    const QDate fromDay = from->date();
    const QDate toDay = to->date();
    QTRY_VERIFY_WITH_TIMEOUT(!page->model().isLoading() && page->model().report()
                                 && page->model().report()->from == fromDay.startOfDay().toUTC(),
                             10000);
    const QDateTime end = std::min(toDay.addDays(1).startOfDay(), clock.now());
    QCOMPARE(page->model().report()->to, end.toUTC());

    // A click on the Idle reservations tab, then Ctrl+E: the CSV dialog opens.
    page->setNativeFileDialogs(false);
    auto *details = page->findChild<QTabWidget *>(u"usageDetails"_s);
    QTabBar *bar = details->tabBar();
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(4).center());
    QCOMPARE(details->currentIndex(), 4);
    QTRY_VERIFY_WITH_TIMEOUT(!page->model().isLoading() && page->model().report(), 10000);
    bar->setFocus(); // as after a click on a tab in a style where tabs take the focus
    QTest::keyClick(bar, Qt::Key_E, Qt::ControlModifier);
    QFileDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = window.findChild<QFileDialog *>(u"usageExportDialog"_s)) && dialog->isVisible(),
                             5000);
    QVERIFY(dialog->windowTitle().contains(u"CSV"_s));
    dialog->reject();
    QTRY_VERIFY_WITH_TIMEOUT(!window.findChild<QFileDialog *>(u"usageExportDialog"_s), 5000);
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    // The focus on the window's own tabs (Seats, Events, Usage…), outside the page, as after
    // clicking the Usage tab or a tab whose page takes no focus: Ctrl+P still works.
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(2).center());
    QTabBar *pagesBar = window.pages()->tabBar();
    pagesBar->setFocus();
    QTest::keyClick(pagesBar, Qt::Key_P, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT((dialog = window.findChild<QFileDialog *>(u"usageExportDialog"_s)) && dialog->isVisible(),
                             5000);
    QVERIFY(dialog->windowTitle().contains(u"PDF"_s));
    dialog->reject();

    // Both exports are in the Server menu too.
    bool csvInMenu = false, pdfInMenu = false;
    for (QMenu *menu : window.menuBar()->findChildren<QMenu *>()) {
        csvInMenu = csvInMenu || menu->actions().contains(page->exportCsvAction());
        pdfInMenu = pdfInMenu || menu->actions().contains(page->exportPdfAction());
    }
    QVERIFY(csvInMenu && pdfInMenu);
    QCOMPARE(page->exportPdfAction()->text(), u"Export usage report as PDF…"_s);
}

// Walk 25: a suggestion above the peak says why, here a render reservation nobody used while the
// others were refused; and a range older than the license says where its history starts.
void TestUsagePage::theSuggestionAboveThePeakSaysWhy()
{
    ManualClock clock(QDateTime(QDate(2026, 11, 30), QTime(9, 0), QTimeZone::utc()));
    TestServer server(TestServer::Options {.clock = &clock});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const QByteArray cam = server.createLicense(u"cam"_s, 3, 4h, 10s, 1h);
    int status = 0;
    server.adminCall("PUT", u"/v1/groups"_s,
                     {{u"groups"_s, seatrules::groupsToJson({HolderGroup {u"render"_s, {u"*@render-*"_s}}})}}, &status);
    QCOMPARE(status, 200);
    SeatRules rules;
    rules.reserve = {{u"render"_s, 2}};
    server.adminCall("PUT", u"/v1/licenses/cam/rules"_s, {{u"rules"_s, seatrules::rulesToJson(rules)}}, &status);
    QCOMPARE(status, 200);
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTRY_COMPARE_WITH_TIMEOUT(dashboard.session().licenses().rowCount(), 1, 5000);
    // One seat for everyone else: alice has it, bob is refused and gets none after.
    QVERIFY(dashboard.takeSeat(server.url(), u"cam"_s, cam, u"alice@ws-1"_s));
    const auto bob = dashboard.checkout(server.url(), u"cam"_s, cam, u"bob@ws-2"_s);
    QVERIFY(bob && !std::holds_alternative<outcome::Granted>(*bob));
    clock.advance(2h);

    QTest::keyClick(&window, Qt::Key_U, Qt::ControlModifier);
    UsagePage *page = window.usagePage();
    QTRY_VERIFY_WITH_TIMEOUT(page->model().report() && !page->model().isLoading(), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(page->model().whatIf() && !page->model().isWhatIfLoading(), 10000);
    QCOMPARE(page->figure(UsagePage::Figure::Peak)->text(), u"1"_s);
    QVERIFY(page->figure(UsagePage::Figure::Suggested)->text().toInt() > 1);
    QLabel *why = page->suggestionWhy();
    QVERIFY(why->isVisible());
    QVERIFY2(why->text().contains(u"render"_s), qPrintable(why->text()));
    // Two hours of history are too few to size a license on, and the page says so (walk 57b, 9).
    QVERIFY2(why->text().contains(u"Only 2 hours of history so far: too little to size the license on"_s),
             qPrintable(why->text()));
    // It counts only the checkouts more seats serve, as the replay's own rows give them (walk 25d).
    const WhatIfReport &replay = *page->model().whatIf();
    const int suggested = page->figure(UsagePage::Figure::Suggested)->text().toInt();
    const usage::WhatIfRow *fewest = replay.rows.isEmpty() ? nullptr : &replay.rows.constLast();
    QVERIFY(fewest && replay.row(suggested));
    const int served
        = fewest->refused + fewest->gaveUp - replay.row(suggested)->refused - replay.row(suggested)->gaveUp;
    QVERIFY(served > 0);
    QVERIFY2(why->text().contains(u"replayed with %1 seats, %2 more checkout"_s.arg(fewest->seats).arg(served)),
             qPrintable(why->text()));

    // French chosen at run time writes the figures' numbers the French way too (walk 25d: "19.0 %"
    // in a French page), and English brings the point back.
    dashboard.languages().apply(u"fr"_s);
    const double utilization = page->model().report()->summary.utilization * 100.0;
    QTRY_VERIFY(page->figure(UsagePage::Figure::Utilization)
                    ->text()
                    .startsWith(QLocale(QLocale::French).toString(utilization, 'f', 1)));
    QVERIFY(page->figure(UsagePage::Figure::Utilization)->text().contains(u','));
    dashboard.languages().apply(u"en"_s);
    QTRY_VERIFY(page->figure(UsagePage::Figure::Utilization)->text().contains(u'.'));

    // The last 30 days, of a license made this morning: the page says where its history starts.
    QLabel *note = page->historyNote();
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().contains(QLocale().toString(QDate(2026, 11, 30), QLocale::LongFormat)),
             qPrintable(note->text()));
    // A server's own record is not said made up.
    QVERIFY2(!note->text().contains(u"made up"_s), qPrintable(note->text()));
    // Walk 57a, F5: the chart spans the 30 days asked for, with its dates, the time before the
    // history empty; not the one day there is drawn over the whole width without a date.
    const QList<QDateTime> ticks = page->chartTicks();
    QVERIFY2(ticks.size() >= 2, qPrintable(QString::number(ticks.size())));
    QVERIFY2(ticks.constFirst() < QDateTime(QDate(2026, 11, 29), QTime(0, 0), QTimeZone::utc()),
             qPrintable(ticks.constFirst().toString(Qt::ISODate)));
    QVERIFY(page->chartLabelsFit());
}

// Walk 25: a 1280x720 screen at 150 % leaves 853x480 to the window: the exports stay in sight, the
// chart's date labels are whole, the license's name is not cut and nothing runs off the right.
void TestUsagePage::thePageFitsANarrowWindow()
{
    // The license's history starts on Monday 7 September, within the last 90 days to 3 December.
    ManualClock clock(QDateTime(QDate(2026, 9, 7), QTime(9, 0), QTimeZone::utc()));
    TestServer server(TestServer::Options {.clock = &clock});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    int status = 0;
    const QJsonObject created = server.adminCall("PUT", u"/v1/licenses/acme-cad"_s,
                                                 {{u"name"_s, u"ACME CAD"_s},
                                                  {u"seatCount"_s, 10},
                                                  {u"ttlSeconds"_s, 4 * 3600},
                                                  {u"skewSeconds"_s, 10},
                                                  {u"reapGraceSeconds"_s, 3600}},
                                                 &status);
    QCOMPARE(status, 201);
    const QByteArray key = created.value("key"_L1).toString().toLatin1();
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock});
    // Nine of the ten seats at once for an hour: a peak of 9, and a What-if of several rows.
    QList<std::optional<SeatLease>> seats;
    for (int i = 1; i <= 9; ++i) {
        seats << dashboard.takeSeat(server.url(), u"acme-cad"_s, key, u"user%1@ws-%1"_s.arg(i));
        QVERIFY(seats.constLast());
    }
    clock.advance(1h);
    for (const std::optional<SeatLease> &seat : std::as_const(seats))
        QVERIFY(server.revoke(u"acme-cad"_s, seat->seatId));
    clock.advance(
        std::chrono::milliseconds(clock.now().msecsTo(QDateTime(QDate(2026, 12, 3), QTime(12, 0), QTimeZone::utc()))));
    server.closeUsage();
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTRY_COMPARE_WITH_TIMEOUT(dashboard.session().licenses().rowCount(), 1, 5000);
    window.resize(853, 480);
    QTest::keyClick(&window, Qt::Key_U, Qt::ControlModifier);
    UsagePage *page = window.usagePage();
    QTRY_VERIFY_WITH_TIMEOUT(page->model().report() && !page->model().isLoading(), 10000);
    page->rangeChooser()->setFocus();
    QTest::keyClick(page->rangeChooser(), Qt::Key_Down); // the last 90 days
    QTRY_VERIFY_WITH_TIMEOUT(!page->model().isLoading() && page->model().report()
                                 && page->model().report()->from.daysTo(page->model().report()->to) > 80,
                             10000);
    QTRY_VERIFY_WITH_TIMEOUT(page->model().whatIf() && !page->model().isWhatIfLoading(), 10000);
    QCoreApplication::processEvents();

    const QRect shown = page->rect();
    for (QWidget *button : {static_cast<QWidget *>(page->csvButton()), static_cast<QWidget *>(page->pdfButton())}) {
        QVERIFY(button->isVisible());
        const QRect r(button->mapTo(page, QPoint(0, 0)), button->size());
        QVERIFY2(shown.contains(r), qPrintable(u"%1,%2 %3x%4"_s.arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height())));
    }
    QVERIFY(page->chartLabelsFit());
    // Three months of history: the advice stands without a caveat.
    QVERIFY2(!page->suggestionWhy()->text().contains(u"of history so far"_s),
             qPrintable(page->suggestionWhy()->text()));
    // Walk 25b: the 90 days' date labels stand on Mondays or on the first of a month, at midnight
    // (09-05, 09-19, 10-04 were not).
    const QList<QDateTime> ticks = page->chartTicks();
    QVERIFY(ticks.size() >= 2);
    for (const QDateTime &tick : ticks) {
        const QDateTime local = tick.toLocalTime();
        QVERIFY2(local.time() == QTime(0, 0) && (local.date().dayOfWeek() == Qt::Monday || local.date().day() == 1),
                 qPrintable(local.toString(Qt::ISODate)));
    }
    QComboBox *license = page->licenseChooser();
    QVERIFY2(license->width() >= license->sizeHint().width(),
             qPrintable(u"%1 < %2"_s.arg(license->width()).arg(license->sizeHint().width())));
    QScrollArea *scroll = page->scrollArea();
    QVERIFY2(scroll->widget()->width() <= scroll->viewport()->width(),
             qPrintable(u"%1 > %2"_s.arg(scroll->widget()->width()).arg(scroll->viewport()->width())));
    QVERIFY(page->chartView()->height() >= 240);

    // Walk 25b: the What-if table is as tall as its rows, with no scroll bar of its own inside the
    // scrolling page: the page's scroll is the only one.
    QTableWidget *whatIf = page->whatIfTable();
    QTRY_VERIFY_WITH_TIMEOUT(whatIf->isVisible() && whatIf->rowCount() >= 4, 5000);
    QCoreApplication::processEvents();
    QVERIFY(!whatIf->verticalScrollBar()->isVisible());
    const int lastRow = whatIf->rowCount() - 1;
    const QRect last = whatIf->visualRect(whatIf->model()->index(lastRow, 0));
    QVERIFY2(whatIf->viewport()->rect().contains(last),
             qPrintable(u"row %1 at %2..%3, the table shows %4"_s.arg(lastRow)
                            .arg(last.top())
                            .arg(last.bottom())
                            .arg(whatIf->viewport()->height())));

    // The page scrolled to its end shows the table's end: the columns are not cut below.
    const QRect inPage(whatIf->mapTo(scroll->widget(), QPoint(0, 0)), whatIf->size());
    QVERIFY2(
        inPage.bottom() < scroll->widget()->height(),
        qPrintable(u"the table ends at %1 in a page %2 high"_s.arg(inPage.bottom()).arg(scroll->widget()->height())));

    // Walk 25b: the status bar holds its labels whole ("Last poll 12:00:00 (0 s ago), e…" did not).
    for (auto *label : window.statusBar()->findChildren<ElidedLabel *>())
        if (label->isVisible())
            QVERIFY2(!label->isElided(), qPrintable(label->text() + u" shown as "_s + label->shownText()));

    // The PDF's Concurrency block goes up to the peak: "At least 9 seats", the pool nearly full.
    QCOMPARE(page->model().report()->summary.peak, 9);
    QVERIFY(page->exportPdf(dashboard.filePath(u"narrow.pdf"_s)));
    const QStringList rows = page->lastPdfLayout().concurrencyRows;
    QCOMPARE(rows.size(), 9);
    QVERIFY2(rows.constLast().startsWith(u"At least 9 seats "_s), qPrintable(rows.join(u" | "_s)));
    QVERIFY(rows.constFirst().startsWith(u"At least 1 seat "_s));

    // Walk 25c, in both languages: the Concurrency table as tall as its rows with no scroll bar of
    // its own, the chart's legend whole (wrapped, not "Utilisation moy…"), every text of the PDF in
    // the room it needs ("Principaux détenteurs (heures-sièges", "Attente mé…" were cut), and the
    // export's confirmation whole in the status bar ("Saved 90 buck…").
    for (const QString &language : {u"en"_s, u"fr"_s}) {
        dashboard.languages().apply(language);
        QCoreApplication::processEvents();
        QTableWidget *histogram = page->histogramTable();
        QTRY_VERIFY_WITH_TIMEOUT(histogram->isVisible() && histogram->rowCount() == 9, 5000);
        QVERIFY2(!histogram->verticalScrollBar()->isVisible(), qPrintable(language));
        const QRect lastShare = histogram->visualRect(histogram->model()->index(histogram->rowCount() - 1, 0));
        QVERIFY2(histogram->viewport()->rect().contains(lastShare), qPrintable(language));
        ChartLegend *legend = page->chartLegend();
        QCOMPARE(legend->entries().size(), 5);
        QVERIFY2(legend->height() >= legend->heightForWidth(legend->width()), qPrintable(language));
        for (const QRect &entry : legend->entryRects())
            QVERIFY2(legend->contentsRect().contains(entry.translated(legend->contentsRect().topLeft())),
                     qPrintable(language));
        QVERIFY2(page->chartLabelsFit(), qPrintable(language));
        // Walk 27 (F7): the chart's title whole ("Sièges utilisés, ACME…" was cut by Qt Charts):
        // wrapped over as many lines as it needs, each within the width it has.
        QLabel *title = page->chartTitle();
        QVERIFY(title->isVisible());
        QVERIFY2(title->text().endsWith(u", ACME CAD (acme-cad)"_s), qPrintable(title->text()));
        QVERIFY(page->chartView()->chart()->title().isEmpty());
        QVERIFY2(
            title->height() >= title->heightForWidth(title->width()),
            qPrintable(u"%1: %2 < %3"_s.arg(language).arg(title->height()).arg(title->heightForWidth(title->width()))));
        for (const QString &word : title->text().split(u' '))
            QVERIFY2(title->fontMetrics().horizontalAdvance(word) <= title->contentsRect().width(), qPrintable(word));
        const QRect needed = title->fontMetrics().boundingRect(title->contentsRect(), Qt::TextWordWrap, title->text());
        QVERIFY2(needed.width() <= title->contentsRect().width() && needed.height() <= title->contentsRect().height(),
                 qPrintable(u"%1: %2x%3 in %4x%5"_s.arg(title->text())
                                .arg(needed.width())
                                .arg(needed.height())
                                .arg(title->contentsRect().width())
                                .arg(title->contentsRect().height())));

        QVERIFY(page->exportPdf(dashboard.filePath(u"narrow-%1.pdf"_s.arg(language))));
        QVERIFY2(page->lastPdfLayout().cut.isEmpty(), qPrintable(page->lastPdfLayout().cut.join(u" | "_s)));
        QVERIFY(page->lastPdfLayout().bottom < page->lastPdfLayout().page.height());
        QVERIFY(page->lastPdfLayout().borrowed.isEmpty()); // no seat of it was ever borrowed

        page->setNativeFileDialogs(false);
        const QString csvPath = dashboard.filePath(u"narrow-%1.csv"_s.arg(language));
        page->exportCsvAction()->trigger();
        QVERIFY(acceptExportDialog(window, csvPath));
        QStatusBar *bar = window.statusBar();
        QTRY_VERIFY_WITH_TIMEOUT(bar->currentMessage().contains(u"narrow-%1.csv"_s.arg(language)), 5000);
        QCoreApplication::processEvents();
        QVERIFY2(bar->toolTip().contains(QDir::toNativeSeparators(csvPath)), qPrintable(bar->toolTip()));
        // QStatusBar draws its message from 6 pixels in to 2 before the first label shown.
        int room = bar->width() - 12;
        for (auto *label : bar->findChildren<ElidedLabel *>())
            if (label->isVisible())
                room = std::min(room, label->x() - 2);
        QVERIFY2(6 + bar->fontMetrics().horizontalAdvance(bar->currentMessage()) <= room,
                 qPrintable(u"\"%1\" in %2 pixels"_s.arg(bar->currentMessage()).arg(room)));
    }
    dashboard.languages().apply(u"en"_s);
}

// Walk 25b: the refusals no seat count avoids are said in a sentence one reads once, in the
// singular too ("(25 refusals whatever the seats: holders the rules or a block keep out)" was not).
void TestUsagePage::refusalsAtAnySeatCountReadAsASentence()
{
    WhatIfReport report;
    report.licenseId = u"cad"_s;
    report.seatsOwned = 2;
    report.rows = {usage::WhatIfRow {.seats = 3, .attempts = 100, .refused = 25, .trueDenials = 25},
                   usage::WhatIfRow {.seats = 2, .attempts = 100, .refused = 30, .trueDenials = 30}};
    QCOMPARE(report.neededSeats(), 3);
    QCOMPARE(whatIfSentence(report, u"from 4 Sep to 3 Dec"_s),
             u"With 3 seats, none of the 100 checkout requests from 4 Sep to 3 Dec would have waited (25 refusals "
             "would have happened with any number of seats: the seat rules or a block kept the holders out); with 2, "
             "5 more would have been refused."_s);
    report.rows[0].refused = 1;
    report.rows[0].trueDenials = 1;
    report.rows[1].refused = 6;
    QVERIFY2(whatIfSentence(report, u"from 4 Sep to 3 Dec"_s)
                 .contains(u"(1 refusal would have happened with any number of seats: the seat rules or a block kept "
                           "the holder out)"_s),
             qPrintable(whatIfSentence(report, u"from 4 Sep to 3 Dec"_s)));

    // A range with no checkout at all (before the license's history, walk 25e) names no seat count.
    report.rows = {usage::WhatIfRow {.seats = 2}, usage::WhatIfRow {.seats = 1}};
    QCOMPARE(whatIfSentence(report, u"from 1 Jan to 2 Jan"_s),
             u"No checkouts were recorded from 1 Jan to 2 Jan: there is nothing to replay."_s);

    // Walk 55, 5: in French a checkout request is a "demande d'attribution" ("emprunt" is a borrowed
    // seat now), and the semicolon has its space before it.
    QTranslator french;
    QVERIFY(french.load(u":/i18n/keyright_fr.qm"_s));
    QCoreApplication::installTranslator(&french);
    const auto uninstall = qScopeGuard([&french] { QCoreApplication::removeTranslator(&french); });
    report.rows = {usage::WhatIfRow {.seats = 3, .attempts = 290, .refused = 25, .trueDenials = 25},
                   usage::WhatIfRow {.seats = 2, .attempts = 290, .refused = 36, .trueDenials = 36}};
    const QString french1 = whatIfSentence(report, u"du 4 sept. au 3 déc."_s);
    QVERIFY2(french1.startsWith(u"Avec 3 sièges, aucune des 290 demandes d'attribution du 4 sept. au 3 déc. "_s),
             qPrintable(french1));
    QVERIFY2(french1.contains(u"ces détenteurs)\u00a0; avec 2, 11 de plus auraient été refusés."_s),
             qPrintable(french1));
    QVERIFY2(!french1.contains(u"emprunt"_s), qPrintable(french1));
}

// Walk 55, 5: the License box listed the simulator's sandboxes, whose long names pushed Range, From
// and To to the right; their seats are staged, not used (docs/TRAINING.md), so they are not offered.
void TestUsagePage::theSimulatorsSandboxesAreNotOffered()
{
    QNetworkAccessManager network;
    ManualClock clock(QDateTime(QDate(2026, 12, 3), QTime(12, 0), QTimeZone::utc()));
    DashboardSession session(network, clock);
    UsagePage page(session);
    LicenseList licenses;
    licenses.serverTime = clock.now();
    const auto add = [&licenses](const QString &id, const QString &name) {
        LicenseSummary summary;
        summary.id = id;
        summary.name = name;
        summary.seatCount = 3;
        summary.ttlSeconds = 60;
        summary.skewSeconds = 5;
        summary.reapGraceSeconds = 15;
        licenses.licenses << summary;
    };
    add(u"acme-cad"_s, u"ACME CAD"_s);
    add(u"sim-borrowed-clock-back-5hz4"_s, u"Simulator sandbox 5hz4: 11. The borrowed laptop's clock is turned back"_s);
    add(u"render-farm"_s, u"Render farm"_s);
    add(u"sim-laptop-trip"_s, u"Simulator sandbox: 10. A laptop goes on a trip"_s);
    // A sandbox selected on the Seats page leaves the box on a real license.
    session.setSelectedLicenses({u"sim-laptop-trip"_s});
    session.licenses().applyList(licenses);
    QStringList offered;
    for (int i = 0; i < page.licenseChooser()->count(); ++i)
        offered << page.licenseChooser()->itemData(i).toString();
    QCOMPARE(offered, (QStringList {u"acme-cad"_s, u"render-farm"_s}));
    QCOMPARE(page.licenseId(), u"acme-cad"_s);
}

int main(int argc, char **argv)
{
    // Local time is UTC, so days and the hour-of-week are those of the history above.
    qputenv("TZ", "UTC");
    tzset();
    QApplication app(argc, argv);
    TestUsagePage test;
    return QTest::qExec(&test, argc, argv);
}

// Issue 27: a week in which bob's laptop took a seat away for two days, while alice worked at her
// desk. The chart draws the mean borrowed in the borrowed seats' colour with its own legend entry,
// the page says how many of the peak were borrowed, and the CSV (Ctrl+E) has their seat-hours.
void TestUsagePage::borrowedSeatsAreDrawnApart()
{
    ManualClock clock(QDateTime(QDate(2026, 11, 30), QTime(9, 0), QTimeZone::utc()));
    TestServer server(TestServer::Options {.clock = &clock});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    int status = 0;
    const QJsonObject created = server.adminCall(
        "PUT", u"/v1/licenses/lent"_s,
        {{u"seatCount"_s, 3},
         {u"ttlSeconds"_s, 4 * 3600},
         {u"skewSeconds"_s, 10},
         {u"reapGraceSeconds"_s, 3600},
         {u"borrow"_s,
          QJsonObject {{u"allowed"_s, true}, {u"maxDays"_s, 7}, {u"maxBorrowed"_s, 2}, {u"keepOnSite"_s, 0}}}},
        &status);
    QCOMPARE(status, 201);
    const QByteArray key = created.value("key"_L1).toString().toLatin1();
    const QJsonObject token
        = server.adminCall("POST", u"/v1/tokens"_s, {{u"name"_s, u"vera"_s}, {u"role"_s, u"viewer"_s}}, &status);
    QCOMPARE(status, 201);

    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock});
    MainWindow &window = dashboard.open(server.url(), token.value("secret"_L1).toString().toLatin1());
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.session().state() == DashboardSession::State::Connected, 5000);
    const auto alice = dashboard.takeSeat(server.url(), u"lent"_s, key, u"alice@ws-1"_s);
    QVERIFY(alice);
    QNetworkRequest request(server.url().resolved(QUrl(u"/v1/licenses/lent/borrow"_s)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
    request.setRawHeader("Authorization", "License " + key);
    QNetworkReply *borrowed = dashboard.network().post(
        request, QJsonDocument(QJsonObject {{u"holder"_s, u"bob@laptop"_s}, {u"days"_s, 2}}).toJson());
    QTRY_VERIFY_WITH_TIMEOUT(borrowed->isFinished(), 5000);
    QCOMPARE(borrowed->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 201);
    borrowed->deleteLater();
    clock.advance(2h);
    QVERIFY(server.revoke(u"lent"_s, alice->seatId));
    clock.advance(
        std::chrono::milliseconds(clock.now().msecsTo(QDateTime(QDate(2026, 12, 3), QTime(12, 0), QTimeZone::utc()))));
    QVERIFY(server.closeUsage() > 0);

    QTest::keyClick(&window, Qt::Key_U, Qt::ControlModifier);
    auto *page = window.usagePage();
    QVERIFY(page);
    QTRY_COMPARE_WITH_TIMEOUT(page->licenseId(), u"lent"_s, 5000);
    QTRY_VERIFY_WITH_TIMEOUT(page->model().report() && !page->model().isLoading(), 10000);
    const UsageReport &report = *page->model().report();
    QCOMPARE(report.summary.peak, 2);
    QCOMPARE(report.summary.borrowedAtPeak, std::optional<int>(1));

    // Every bucket recorded its borrowed seats: the series has one step per bucket, and adds up to
    // bob's two days.
    QCOMPARE(page->chartBorrowedCount(), page->chartBucketCount());
    double borrowedHours = 0;
    for (int i = 0; i < page->chartBorrowedCount(); ++i) {
        const usage::Bucket &b = report.buckets.at(i);
        QVERIFY(qAbs(page->chartBorrowedAt(i) - UsageReportModel::meanBorrowed(b)) < 1e-9);
        borrowedHours += page->chartBorrowedAt(i) * double(b.lengthMs) / 3'600'000.0;
    }
    QVERIFY2(qAbs(borrowedHours - 48.0) < 0.01, qPrintable(QString::number(borrowedHours)));
    const auto *legend = page->findChild<ChartLegend *>(u"usageChartLegend"_s);
    QVERIFY(legend);
    const auto entry = std::find_if(legend->entries().cbegin(), legend->entries().cend(),
                                    [](const ChartLegend::Entry &e) { return e.name == u"Borrowed seats (mean)"_s; });
    QVERIFY(entry != legend->entries().cend());
    QCOMPARE(entry->pen.color(), StatePalette::fill(StatePalette::Borrowed));
    // Walk 55, 5: the olive line read as the 95th percentile's amber dots (now the peak's blue);
    // it is drawn apart from every other line of the chart, in a hue of its own.
    for (const ChartLegend::Entry &other : legend->entries()) {
        if (other.name == entry->name)
            continue;
        const QColor a = entry->pen.color().toHsv();
        const QColor b = (other.mark.isValid() ? other.mark : other.pen.color()).toHsv();
        const int hueApart = std::abs(a.hsvHue() - b.hsvHue());
        QVERIFY2(b.hsvSaturation() < 60 || std::min(hueApart, 360 - hueApart) >= 45,
                 qPrintable(u"%1 (%2) beside %3 (%4)"_s.arg(entry->name, a.name(), other.name, b.name())));
    }
    const auto *note = page->findChild<QLabel *>(u"usageHistoryNote"_s);
    QVERIFY(note && note->isVisible());
    QVERIFY2(note->text().contains(u"1 of the seats in use at the peak (2) was borrowed: a laptop away counts"_s),
             qPrintable(note->text()));
    // Walk 55a, 4: the key figures say the borrowed seats, as the PDF does.
    QVERIFY(page->borrowedLine()->isVisible());
    QCOMPARE(page->borrowedLine()->text(), UsagePage::borrowedFigure(report.summary, page->locale()) + u'.');
    QVERIFY2(page->borrowedLine()->text().startsWith(u"Borrowed seats: at most 1 at once, 48.0 seat-hours"_s),
             qPrintable(page->borrowedLine()->text()));

    // Ctrl+E: the borrowed seat-hours in their own column.
    page->setNativeFileDialogs(false);
    const QString csvPath = dashboard.filePath(u"borrowed.csv"_s);
    page->chartView()->setFocus();
    QTest::keyClick(page->chartView(), Qt::Key_E, Qt::ControlModifier);
    QVERIFY(acceptExportDialog(window, csvPath));
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(csvPath) && QFileInfo(csvPath).size() > 0, 5000);
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split(u"\r\n"_s, Qt::SkipEmptyParts);
    QVERIFY(lines.first().endsWith(u",borrowed_seat_hours"_s));
    double csvHours = 0;
    for (qsizetype i = 1; i < lines.size(); ++i)
        csvHours += lines.at(i).split(u',').last().toDouble();
    QVERIFY2(qAbs(csvHours - 48.0) < 0.01, qPrintable(QString::number(csvHours)));

    // Walk 27 (R): the PDF's key figures say it too, in either language.
    QVERIFY(page->exportPdf(dashboard.filePath(u"borrowed.pdf"_s)));
    QCOMPARE(page->lastPdfLayout().borrowed,
             u"Borrowed seats: at most 1 at once, 48.0 seat-hours, 1 of the 2 in use at the peak"_s);
    QVERIFY2(page->lastPdfLayout().cut.isEmpty(), qPrintable(page->lastPdfLayout().cut.join(u" | "_s)));
    dashboard.languages().apply(u"fr"_s);
    QVERIFY(page->exportPdf(dashboard.filePath(u"borrowed-fr.pdf"_s)));
    QCOMPARE(page->lastPdfLayout().borrowed,
             u"Sièges empruntés : au plus 1 à la fois ; heures-sièges : 48,0 ; 1 des 2 utilisés au pic"_s);
    // Walk 55b, 6: "0,0 heures-sièges" wanted the singular; the figure follows its unit instead.
    QTRY_COMPARE(page->borrowedLine()->text(), page->lastPdfLayout().borrowed + u'.');
    dashboard.languages().apply(u"en"_s);
}

// Walk 27 (A6): a custom range up to today, by hours. The person goes to the Seats page and comes
// back an hour later: the page asks again, with the same range and step, and shows the hour that
// went by. Back again at once, it does not ask.
void TestUsagePage::comingBackAfterAWhileAsksAgain()
{
    ManualClock clock(QDateTime(QDate(2026, 12, 3), QTime(9, 0), QTimeZone::utc()));
    TestServer server(TestServer::Options {.clock = &clock});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const QByteArray cad = server.createLicense(u"cad"_s, 3, 4h, 10s, 1h);
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTRY_COMPARE_WITH_TIMEOUT(dashboard.session().licenses().rowCount(), 1, 5000);
    QVERIFY(dashboard.takeSeat(server.url(), u"cad"_s, cad, u"alice@ws-1"_s));
    clock.advance(1h);
    QTest::keyClick(&window, Qt::Key_U, Qt::ControlModifier);
    UsagePage *page = window.usagePage();
    QTRY_VERIFY_WITH_TIMEOUT(page->model().report() && !page->model().isLoading(), 10000);

    // From 1 December to today, by hours, chosen with the keyboard.
    QDateEdit *from = page->fromEdit();
    from->setFocus();
    from->selectAll();
    QTest::keyClicks(from, u"2026-12-01"_s);
    QTest::keyClick(from, Qt::Key_Tab);
    QTRY_VERIFY_WITH_TIMEOUT(!page->model().isLoading() && page->model().report(), 10000);
    QComboBox *step = page->stepChooser();
    step->setFocus();
    for (int i = 0; i < 5 && step->currentData().value<UsageStep>() != UsageStep::Hour; ++i)
        QTest::keyClick(step, Qt::Key_Up);
    QCOMPARE(step->currentData().value<UsageStep>(), UsageStep::Hour);
    QTRY_VERIFY_WITH_TIMEOUT(
        !page->model().isLoading() && page->model().report() && page->model().report()->step == UsageStep::Hour, 10000);
    QCOMPARE(page->rangeChooser()->currentData().value<UsagePage::Range>(), UsagePage::Range::Custom);
    QCOMPARE(page->model().report()->summary.usedSeatHours, 1.0);
    QCOMPARE(page->model().report()->to, clock.now());

    QTabBar *pages = window.pages()->tabBar();
    const auto clickPage = [&](const QString &title) {
        for (int i = 0; i < pages->count(); ++i) {
            if (pages->tabText(i) == title)
                QTest::mouseClick(pages, Qt::LeftButton, {}, pages->tabRect(i).center());
        }
        return window.pages()->tabText(window.pages()->currentIndex()) == title;
    };
    QSignalSpy asked(&page->model(), &UsageReportModel::loadingChanged);
    // Away and back within the minute: the report shown is still fresh.
    QVERIFY(clickPage(u"Seats"_s));
    clock.advance(30s);
    QVERIFY(clickPage(u"Usage"_s));
    QVERIFY(page->isVisible());
    QCOMPARE(asked.count(), 0);

    // Away for an hour: asked again, the same range and step, up to the new now.
    QVERIFY(clickPage(u"Seats"_s));
    clock.advance(1h);
    QVERIFY(clickPage(u"Usage"_s));
    QVERIFY(asked.count() > 0);
    QTRY_VERIFY_WITH_TIMEOUT(!page->model().isLoading() && page->model().report(), 10000);
    QCOMPARE(page->model().report()->to, clock.now());
    QVERIFY2(qAbs(page->model().report()->summary.usedSeatHours - (2.0 + 30.0 / 3600.0)) < 1e-6,
             qPrintable(QString::number(page->model().report()->summary.usedSeatHours)));
    QCOMPARE(page->rangeChooser()->currentData().value<UsagePage::Range>(), UsagePage::Range::Custom);
    QCOMPARE(page->fromEdit()->date(), QDate(2026, 12, 1));
    QCOMPARE(step->currentData().value<UsageStep>(), UsageStep::Hour);
    QCOMPARE(page->model().report()->step, UsageStep::Hour);
    QCOMPARE(page->licenseId(), u"cad"_s);
}

// Walk 53 (finding 9): the demo server's history is made up before it started. `keyright report`
// said so and the page did not: an admin trying the dashboard could size a license on it.
void TestUsagePage::aDemoServersHistoryIsSaidMadeUp()
{
    ManualClock clock(QDateTime(QDate(2026, 12, 3), QTime(12, 0), QTimeZone::utc()));
    TestServer server(TestServer::Options {.clock = &clock, .demo = true});
    QString error;
    QVERIFY2(server.start(&error), qPrintable(error));
    const QDateTime started = clock.now();
    clock.advance(2h);
    DashboardHarness dashboard(DashboardHarness::Options {.clock = &clock});
    MainWindow &window = dashboard.open(server.url(), server.adminToken());
    QTRY_VERIFY_WITH_TIMEOUT(dashboard.session().licenses().rowCount() > 0, 5000);
    window.resize(1440, 900);
    QTest::keyClick(&window, Qt::Key_U, Qt::ControlModifier);
    UsagePage *page = window.usagePage();
    QTRY_VERIFY_WITH_TIMEOUT(page->model().report() && !page->model().isLoading(), 10000);
    QCOMPARE(page->model().report()->demoUntil, started);
    QLabel *note = page->historyNote();
    QVERIFY(note->isVisible());
    // Walk 55, 5: "before 06/12/2026 02:56" read as June or December; the moment is written as the
    // range above it writes its ends.
    const QString when = started.toTimeZone(QTimeZone::systemTimeZone()).toString(u"yyyy-MM-dd HH:mm"_s);
    QVERIFY2(note->text().contains(u"The figures before %1 are made up by the demo server"_s.arg(when)),
             qPrintable(note->text()));
    const QRegularExpression stamp(u"\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d"_s);
    QVERIFY2(page->statusLabel()->text().contains(stamp), qPrintable(page->statusLabel()->text()));

    // Walk 56: a license the admin creates on the demo server has no made-up history, and its
    // page says nothing of the demo's.
    QVERIFY(!server.createLicense(u"fresh"_s, 3, 60s, 5s, 30s).isEmpty());
    QComboBox *chooser = page->licenseChooser();
    QTRY_VERIFY_WITH_TIMEOUT(chooser->findData(u"fresh"_s) >= 0, 10000);
    chooser->setFocus();
    while (chooser->currentData().toString() != u"fresh"_s && chooser->currentIndex() + 1 < chooser->count())
        QTest::keyClick(chooser, Qt::Key_Down);
    QCOMPARE(page->licenseId(), u"fresh"_s);
    QTRY_VERIFY_WITH_TIMEOUT(
        page->model().report() && !page->model().isLoading() && page->model().report()->licenseId == u"fresh"_s, 10000);
    QVERIFY(!page->model().report()->demoUntil.isValid());
    QVERIFY2(!note->isVisible() || !note->text().contains(u"made up"_s), qPrintable(note->text()));
}

#include "tst_usagepage.moc"
