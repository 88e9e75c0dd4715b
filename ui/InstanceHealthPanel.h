#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace keyright {

class DashboardSession;

// The health of each instance of the connected site (up or down, round trip, clock offset,
// replica id, last error), so an admin sees at a glance that one of three instances is down while
// seats are still served. Shown on the Fleet page while the connection lists several instances.
class InstanceHealthPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InstanceHealthPanel)

public:
    explicit InstanceHealthPanel(DashboardSession &session, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateSummary();
    // As tall as its rows: on the Fleet page, which scrolls in its tab, a view that asked for no
    // height showed only its heading at 1280x720 and 150 % (walk 47).
    void fitHeight();

    DashboardSession &m_session;
    QLabel *m_summary;
    QTableView *m_view;
};

} // namespace keyright
