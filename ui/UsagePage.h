#pragma once

#include "wire/UsageReport.h"

#include <QDateTime>
#include <QRect>
#include <QTimeZone>
#include <QWidget>

class QAction;
class QComboBox;
class QDateEdit;
class QCategoryAxis;
class QGroupBox;
class QLabel;
class QLocale;
class QLineSeries;
class QPushButton;
class QScatterSeries;
class QScrollArea;
class QSplitter;
class QTabWidget;
class QTableWidget;
class QValueAxis;
class QChartView;

namespace keyright {

class ChartLegend;
class DashboardSession;
class UsageHeatmap;
class UsageReportModel;

// Usage history and right-sizing (issue 25; docs/DASHBOARD.md, "The Usage page"): one license's
// usage over a range, as a chart of each bucket's peak and mean against the seats owned (buckets
// with true denials marked), the concurrency histogram, the hour-of-week heatmap, the top holders
// and groups, the reserved seats left idle, the key figures and the suggested seat count, the
// range replayed at other seat counts ("What if"); exported
// as CSV (one line per bucket) and as a one-page PDF report. It asks the server only when the
// license, the range or the step changes, or on Refresh: a report is computed, not polled.
class UsagePage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UsagePage)

public:
    enum class Range { Last7Days, Last30Days, Last90Days, Last365Days, Custom };
    Q_ENUM(Range)
    // The values shown under "Key figures", by name (tests read them).
    enum class Figure { SeatsOwned, Peak, P95, P95WorkingHours, Utilization, TrueDenials, LongestWait, Suggested };
    Q_ENUM(Figure)

    explicit UsagePage(DashboardSession &session, QWidget *parent = nullptr);
    ~UsagePage() override;

    UsageReportModel &model() const { return *m_model; }
    QComboBox *licenseChooser() const { return m_license; }
    QComboBox *rangeChooser() const { return m_range; }
    QComboBox *stepChooser() const { return m_step; }
    QDateEdit *fromEdit() const { return m_from; }
    QDateEdit *toEdit() const { return m_to; }
    QChartView *chartView() const { return m_chartView; }
    // The chart's legend under it, wrapped rather than shortened.
    ChartLegend *chartLegend() const { return m_legend; }
    QLabel *chartTitle() const { return m_chartTitle; }
    UsageHeatmap *heatmap() const { return m_heatmap; }
    QTableWidget *histogramTable() const { return m_histogram; }
    QTableWidget *holdersTable() const { return m_holders; }
    QTableWidget *groupsTable() const { return m_groups; }
    QTableWidget *reservationsTable() const { return m_reservations; }
    QGroupBox *whatIfBox() const { return m_whatIf; }
    // In the What if box: its state ("—", asking, the failure), the one-sentence summary, and the
    // table of seat counts (the owned one marked, the needed one highlighted).
    QLabel *whatIfStatus() const { return m_whatIfStatus; }
    QLabel *whatIfSentenceLabel() const { return m_whatIfSentence; }
    QTableWidget *whatIfTable() const { return m_whatIfTable; }
    QLabel *figure(Figure which) const;
    QLabel *statusLabel() const { return m_status; }
    // "The history starts on …" when the range begins before the license's first bucket.
    QLabel *historyNote() const { return m_historyNote; }
    // Under the suggested seat count: why it is above the peak, when it is.
    QLabel *suggestionWhy() const { return m_suggestionWhy; }
    // Under the key figures: the borrowed seats of the range, as the PDF says them; hidden when
    // none were borrowed or borrowing was not recorded.
    QLabel *borrowedLine() const { return m_borrowedLine; }
    QAction *exportCsvAction() const { return m_exportCsv; }
    QAction *exportPdfAction() const { return m_exportPdf; }

    // The license shown (asked for), and the query the page sends for the controls as they are.
    QString licenseId() const;
    UsageQuery query() const;
    // The chart's points: one peak per bucket, and a mark per bucket with true denials.
    int chartBucketCount() const;
    int trueDenialMarkCount() const;
    double chartPeakAt(int bucket) const;
    double chartMeanAt(int bucket) const;
    // The borrowed seats' series (issue 27): its points (two per bucket that recorded them) and its
    // mean at the i-th of those buckets.
    int chartBorrowedCount() const;
    double chartBorrowedAt(int bucket) const;
    // Each date label of the chart has room for all of its text between two ticks, and within the
    // chart's ends.
    bool chartLabelsFit() const;
    // Where the chart's date labels stand.
    QList<QDateTime> chartTicks() const { return m_ticks; }
    QPushButton *csvButton() const { return m_csvButton; }
    QPushButton *pdfButton() const { return m_pdfButton; }
    QScrollArea *scrollArea() const { return m_scroll; }

    // Non-native file dialogs (the widget tests fill them in).
    void setNativeFileDialogs(bool native) { m_nativeDialogs = native; }
    // Writes the report shown; false (and why in `error`) when there is none or the file fails.
    bool exportCsv(const QString &path, QString *error = nullptr) const;
    bool exportPdf(const QString &path, QString *error = nullptr) const;
    // Where the last PDF put its parts, in the writer's pixels (tests read it: the PDF's text is
    // glyphs).
    struct PdfLayout
    {
        QRect page;
        QRect chart;
        double chartLabelPoints = 0; // the chart's label size on paper
        QStringList concurrencyRows; // "At least 9 seats 4.6 %", as printed
        QString whatIfSentence;
        QString borrowed; // the key figures' line on borrowed seats, empty when none were
        int whatIfRows = 0;
        QString footer;
        int bottom = 0;
        QStringList cut; // each text that needed more room than its box had (none, unless a bug)
    };
    const PdfLayout &lastPdfLayout() const { return m_pdfLayout; }
    // The key figures' line on borrowed seats, in the language in use; empty when the range
    // recorded none.
    static QString borrowedFigure(const UsageSummary &summary, const QLocale &locale);

    // The step the page picks for a range of `days` days: hours up to 2 days, days up to 120,
    // weeks beyond.
    static UsageStep automaticStep(double days);

public Q_SLOTS:
    // Asks the server again for the report of the controls as they are.
    void reload();
    void exportCsvWithDialog();
    void exportPdfWithDialog();

Q_SIGNALS:
    // A confirmation for the status bar, short enough for a narrow one (a file's name); `detail`
    // (the file's whole path) is for its tooltip.
    void statusMessage(const QString &text, const QString &detail = QString());

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    // The legend of the chart's series shown (the borrowed seats only where some were).
    void showLegend();
    void refreshLicenses();
    void rangeChosen();
    void limitDates();
    void datesEdited();
    void stepChosen();
    // Sets the step for the range unless the person chose one for it.
    void pickStep();
    void showReport();
    void showStatus();
    void fillChart(const UsageReport &report);
    void fitTicks();
    void updateExportActions();
    void fillTables(const UsageSummary &summary);
    void fillFigures(const UsageReport &report);
    void showWhatIf();
    void fitWhatIfTable();
    void fitDetailTables();
    void showSuggestion();
    void showBorrowedLine(const UsageSummary &summary);
    static QString suggestionFromReplay();
    static QString suggestionFromPercentile();
    // Empty for a week of history or more; else that the advice rests on too little (walk 57b, 9).
    static QString shortHistoryCaveat(const UsageSummary &summary);
    // "from 4 Sep to 3 Dec", in the interface's language and this computer's local days.
    QString whatIfRangeText(const WhatIfReport &report) const;
    // A What-if column's title on one line (the table's header puts two words on two lines).
    QString whatIfHeader(int column) const;
    QString licenseTitle(const QString &licenseId) const;
    // The range's ends: the last N days up to the server's now, or whole local days.
    std::pair<QDateTime, QDateTime> rangeEnds() const;
    QString rangeText(const UsageReport &report) const;
    void exportWithDialog(bool pdf);
    void exportTo(const QString &path, bool pdf);

    DashboardSession &m_session;
    UsageReportModel *m_model;
    QComboBox *m_license;
    QComboBox *m_range;
    QDateEdit *m_from;
    QDateEdit *m_to;
    QComboBox *m_step;
    QPushButton *m_refresh;
    QPushButton *m_csvButton;
    QPushButton *m_pdfButton;
    QLabel *m_status;
    QLabel *m_licenseLabel;
    QLabel *m_rangeLabel;
    QLabel *m_fromLabel;
    QLabel *m_toLabel;
    QLabel *m_stepLabel;
    QLabel *m_chartTitle;
    QChartView *m_chartView;
    ChartLegend *m_legend;
    QLineSeries *m_peak;
    QLineSeries *m_mean;
    QLineSeries *m_owned;
    QLineSeries *m_p95;
    QLineSeries *m_borrowed; // the mean borrowed, in the borrowed seats' colour (issue 27)
    QScatterSeries *m_denied;
    QCategoryAxis *m_x; // time, in milliseconds since the epoch, its ticks on natural boundaries
    qint64 m_xFromMs = 0;
    qint64 m_xToMs = 0;
    QTimeZone m_xZone;
    bool m_xHours = false; // ticks may fall within a day
    QString m_xFormat = QStringLiteral("yyyy-MM-dd");
    QList<QDateTime> m_ticks;
    QValueAxis *m_y;
    QGroupBox *m_figuresBox;
    QList<std::pair<QLabel *, QLabel *>> m_figures; // caption, value; by Figure
    QGroupBox *m_whatIf;
    QLabel *m_whatIfStatus;
    QLabel *m_whatIfSentence;
    QTableWidget *m_whatIfTable;
    QTabWidget *m_details;
    QSplitter *m_splitter = nullptr;
    QScrollArea *m_scroll = nullptr;
    QTableWidget *m_histogram;
    UsageHeatmap *m_heatmap;
    QTableWidget *m_holders;
    QTableWidget *m_groups;
    QTableWidget *m_reservations;
    QLabel *m_historyNote;
    QLabel *m_suggestionWhy;
    QLabel *m_borrowedLine;
    QAction *m_exportCsv;
    QAction *m_exportPdf;
    bool m_nativeDialogs = true;
    bool m_licensePicked = false; // the person chose a license here: it no longer follows the Seats page
    bool m_stepPicked = false; // the person chose the step for this range
    bool m_settingControls = false;
    int m_chartBuckets = 0;
    int m_yTop = 1; // the highest value the chart shows
    mutable PdfLayout m_pdfLayout;
    // When the report shown was asked for (server time); shown again this much later, it is asked
    // for again.
    static constexpr int staleAfterSeconds = 60;
    QDateTime m_askedAt;
    bool m_rangeRefused = false; // the custom range starts after today: not asked
};

} // namespace keyright
