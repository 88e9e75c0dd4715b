#pragma once

#include "LeaseTableModel.h"
#include "LicenseValidity.h"
#include "StatePalette.h"

#include <QHash>
#include <QWidget>

class QFontMetrics;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;
class QToolButton;

namespace keyright {

class ChartLegend;
class DashboardSession;
class DashboardSettings;
class LedgerBar;
class QueueTableModel;
class UsageChartView;

// The main page: licenses with their seat bars (left: used, reserved and idle, free), the usage
// chart of the selected license under them, and the holders of the selected licenses with live
// countdowns and what each counts against under the seat rules (right), above their waiting line.
class SeatsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SeatsPage)

public:
    explicit SeatsPage(DashboardSession &session, QWidget *parent = nullptr);

    QTableView *licensesView() const { return m_licenses; }
    QTableView *holdersView() const { return m_holders; }
    LedgerBar *ledgerBar() const { return m_ledger; }
    QSortFilterProxyModel *holdersProxy() const { return m_holdersProxy; }
    QLineEdit *holderFilter() const { return m_filter; }
    UsageChartView *chart() const { return m_chart; }
    ChartLegend *chartLegend() const { return m_chartLegend; }
    QTableView *lineView() const { return m_line; }
    QueueTableModel *lineModel() const { return m_lineModel; }
    QLabel *seatLegend() const { return m_legend; }
    // Shows or hides the legend of the seat bars (the title row's button); on a short page it starts
    // hidden so the licenses keep their rows, and the button's tooltip holds it meanwhile.
    QToolButton *seatLegendButton() const { return m_legendButton; }
    QSplitter *splitter() const { return m_splitter; }
    QLabel *holdersSummary() const { return m_holdersSummary; }

    // The license's validity badge in the holders' summary (issue 29): "Expires in 12 days, on
    // 31 March 2027", the date as the checkout's refusal words it, in `locale`.
    static QString validityText(const ValidityNotice &notice, const QLocale &locale);
    // Its colour: refused (expired, not yet valid), soon (a warning), maintenance over (muted).
    static StatePalette::Role validityRole(const ValidityNotice &notice);

    QStringList selectedLicenseIds() const;
    void selectLicense(const QString &licenseId);
    // Source rows of LeaseTableModel that are selected in the holders table.
    QList<int> selectedHolderRows() const;
    // The seats among them (block rows have none), in selection order.
    QList<HeldSeat> selectedSeats() const;
    // Source rows currently on screen: only these tick, which keeps a huge table cheap.
    QList<int> visibleHolderRows() const;

    void saveState(DashboardSettings &settings) const;
    void restoreState(const DashboardSettings &settings);

Q_SIGNALS:
    void revokeRequested();
    void editLicenseRequested();
    void newLicenseRequested();

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    void updateHeader();
    void fitTimeColumns(bool widenOnly);
    void fitLicenseColumns(bool widenOnly);
    void markLicensesStale();
    void fitStateColumn(bool widenOnly);
    // Once a second: the rows on screen whose state changed between polls are read whole.
    void widenStateForVisibleRows();
    void orderHolderColumns();
    // The name column takes the width the others leave, at least what the names need.
    void spreadLicenseColumns();
    // The first split between licenses and holders, when none was saved (see showEvent).
    void chooseSplit();
    // A restored split, kept within usable shares of the current width (see resizeEvent).
    void clampSplit();
    void fitFilterPlaceholder();
    void fitHolderColumn();
    void scheduleHolderLayout();
    int cellTextWidth(const QFontMetrics &metrics, const QString &text);
    void updateChart();
    void updateChartLegend();
    void licenseSelectionChanged();
    void updateDetails(const QStringList &licenseIds);
    void updateLine();
    void updateLedger();
    void updateLegend();
    // The legend shown while the column has room for it beside the licenses' rows and the chart,
    // until the person chooses with its button; the chart gives the licenses their rows first.
    void fitLeftColumn();

    DashboardSession &m_session;
    QSplitter *m_splitter;
    QSplitter *m_left;
    QTableView *m_licenses;
    QSortFilterProxyModel *m_licensesProxy;
    UsageChartView *m_chart;
    ChartLegend *m_chartLegend;
    QLabel *m_licensesTitle;
    QLabel *m_holdersTitle;
    QLabel *m_holdersSummary;
    LedgerBar *m_ledger;
    QLineEdit *m_filter;
    QTableView *m_holders;
    QSortFilterProxyModel *m_holdersProxy;
    QLabel *m_empty;
    QLabel *m_legend;
    QToolButton *m_legendButton;
    bool m_legendHasEntries = false;
    bool m_legendChosen = false; // the person showed or hid the legend with its button
    bool m_leftSplitByHand = false; // the handle between the licenses and the chart was moved
    QSplitter *m_right;
    QLabel *m_lineTitle;
    QLabel *m_lineEmpty;
    QueueTableModel *m_lineModel;
    QSortFilterProxyModel *m_lineProxy;
    QTableView *m_line;
    int m_licenseNameWidth = 120; // what the longest name (or the title) needs
    bool m_splitChosen = false; // restored from the settings, or chosen at the first show
    bool m_clampRestoredSplit = false; // a restored split not yet moved by hand in this window
    // Below this width (1280x720 at 150 % is 853) the holders take the larger share.
    static constexpr int narrowPage = 1000;
    bool m_holderLayoutPending = false;
    QHash<QString, int> m_textWidths; // cell texts measured in the table's font (cleared with it)
    bool m_stateFitted = false; // the State column sized for the current language and dating
    bool m_stateFittedStale = false;
};

} // namespace keyright
