#pragma once

#include <QPersistentModelIndex>
#include <QPoint>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QPushButton;
class QSplitter;
class QTableView;

namespace keyright {

class DashboardSession;
class DashboardSettings;
class DisputePanel;
struct EventRecord;
class EventFilterProxyModel;

// The audit events with filters (license, holder, kind, time range), CSV export of what the filters
// show, and the dispute panel for a selected denial.
class EventsPage final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventsPage)

public:
    explicit EventsPage(DashboardSession &session, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    EventFilterProxyModel *proxy() const { return m_proxy; }
    DisputePanel *disputePanel() const { return m_dispute; }
    QComboBox *licenseFilter() const { return m_license; }
    QComboBox *kindFilter() const { return m_kind; }
    QLineEdit *holderFilter() const { return m_holder; }
    QSplitter *splitter() const { return m_splitter; }

    // Selects the event with this seq (shows its dispute when it is a denial).
    bool selectEvent(qint64 seq);
    void setTimeRange(const QDateTime &since, const QDateTime &until);
    // Writes every event the filters let through (each attempt of a folded run too); the number
    // written goes to `rows`.
    bool exportCsv(const QString &path, QString *error = nullptr, int *rows = nullptr) const;
    // Shown instead of the table when the filters leave nothing (tests read it).
    QLabel *emptyLabel() const { return m_empty; }
    QDateTimeEdit *fromEdit() const { return m_from; }
    QDateTimeEdit *toEdit() const { return m_to; }
    // Writes to `path` and says so (statusMessage), or warns; the file dialog's second half.
    void exportTo(const QString &path);

    void saveState(DashboardSettings &settings) const;
    void restoreState(const DashboardSettings &settings);

public Q_SLOTS:
    void exportWithDialog();

Q_SIGNALS:
    // A confirmation for the status bar.
    void statusMessage(const QString &text);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    void fitKindColumn();
    // The events table's share of the page: two thirds at first, and a split restored from a
    // larger window kept to at least `leastTableShare` of this one until the handle is moved.
    void fitSplit();
    void refreshLicenses();
    void applyFilters();
    void selectionChanged();
    // The panel explains the event of the selected row (the last attempt of a folded run).
    void explainSelection();
    // Asks the server for the seat ledger at `e`'s moment, for the panel.
    void askLedger(const EventRecord &e);
    // Explains again when the selected row now shows another event (its run grew).
    void followSelection();
    // The selected run and the one under the pointer keep their place while they grow.
    void holdRuns();
    // Another connection (or the same server connected again): its events are not those the
    // panel explained, nor the selection.
    void forgetSelection();
    QModelIndex rowUnderPointer() const;
    // Around every change of the rows: the row under the pointer, else the selected one, stays at
    // the same height in the view (the view scrolls by what came or went above it).
    void captureAnchor();
    void restoreAnchor();
    void updateEmpty();
    QString noMatchText() const;
    // Until the user edits the range, it is the hour up to the server's now, kept current.
    void followNow();

    DashboardSession &m_session;
    EventFilterProxyModel *m_proxy;
    QComboBox *m_license;
    QLineEdit *m_holder;
    QComboBox *m_kind;
    QCheckBox *m_useFrom;
    QDateTimeEdit *m_from;
    QCheckBox *m_useTo;
    QDateTimeEdit *m_to;
    QPushButton *m_export;
    QLabel *m_count;
    QLabel *m_licenseLabel;
    QLabel *m_holderLabel;
    QLabel *m_kindLabel;
    QTableView *m_table;
    DisputePanel *m_dispute;
    QSplitter *m_splitter;
    QLabel *m_empty;
    QPersistentModelIndex m_anchor;
    int m_anchorY = 0;
    // The anchor could not be put back yet (the list was at its top or bottom while rows left in
    // the middle of a move): the rows that come back next put it back.
    bool m_anchorPending = false;
    QPoint m_pointer; // in the table's viewport
    bool m_pointerIn = false;
    qint64 m_explained = 0; // the seq of the event the panel was last given
    qint64 m_ledgerSeq = 0; // the denial whose ledger was last asked for (0: none)
    bool m_rangeEdited = false;
    bool m_splitChosen = false; // chosen at the first show, or restored from the settings
    bool m_clampRestoredSplit = false; // a restored split not yet moved by hand in this window
    bool m_settingRange = false;
};

} // namespace keyright
