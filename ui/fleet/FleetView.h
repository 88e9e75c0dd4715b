#pragma once

#include <QWidget>

#include <chrono>

class QCheckBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableView;
class QTreeView;
class QTreeWidget;

namespace keyright {

class FleetModel;

// The Fleet page: the configured servers (answered or not, replica id, last poll), the counters
// per license merged from every snapshot with an expandable per-replica breakdown (stale replicas
// in amber italics), and the amnesia reports the servers carried. The model polls on its own
// PollScheduler; the view sets its interval.
// The model is not owned and must outlive the view: the caller configures its servers and
// fetcher (docs/STATS.md).
class FleetView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FleetView)

public:
    explicit FleetView(FleetModel *fleet, QWidget *parent = nullptr);
    ~FleetView() override;

    FleetModel *fleet() const { return m_fleet; }
    // How often to poll every server; zero stops the timer. Defaults to 15 s.
    void setPollInterval(std::chrono::milliseconds interval);
    void setLargeFonts(bool large);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void refreshAmnesia();
    void refreshSummary();
    void pollNow();

    FleetModel *m_fleet = nullptr;
    QPushButton *m_pollButton = nullptr;
    QLabel *m_staleCaption = nullptr;
    QSpinBox *m_staleSpin = nullptr;
    QCheckBox *m_largeFontsCheck = nullptr;
    QLabel *m_summaryLabel = nullptr;
    QGroupBox *m_serversBox = nullptr;
    QTableView *m_serversTable = nullptr;
    QGroupBox *m_countersBox = nullptr;
    QTreeView *m_countersTree = nullptr;
    QLabel *m_legendLabel = nullptr;
    QGroupBox *m_amnesiaBox = nullptr;
    QLabel *m_noAmnesiaLabel = nullptr;
    QTreeWidget *m_amnesiaTree = nullptr;
};

} // namespace keyright
