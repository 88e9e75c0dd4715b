#pragma once

#include <QDateTime>
#include <QDialog>

class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace keyright {

class DashboardSession;
class HolderTimelineModel;
class HolderTimelineStrip;

// A holder's timeline (issue 26): for a ticket like "my app stopped at 10:05", every seat the
// holder held over a range (a lane each, how it ended) and every event about it in time order,
// one sentence each. Read-only, so a viewer may open it; the events are read page by page without
// blocking the window, and a failure is said in the dialog.
class HolderTimelineDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HolderTimelineDialog)

public:
    enum class Range { LastHour, Last24Hours, Today, Last7Days, Custom };
    Q_ENUM(Range)

    // An empty holder asks for one; otherwise its last 24 hours are read at once.
    HolderTimelineDialog(DashboardSession &session, const QString &holder, QWidget *parent = nullptr);
    ~HolderTimelineDialog() override;

    HolderTimelineModel *model() const { return m_model; }
    HolderTimelineStrip *strip() const { return m_strip; }
    QTableView *table() const { return m_table; }
    QLineEdit *holderEdit() const { return m_holder; }
    QComboBox *rangeBox() const { return m_range; }
    QString statusText() const;

    void setRange(Range range);
    void setCustomRange(const QDateTime &from, const QDateTime &until);

public Q_SLOTS:
    // Reads the range again for the holder typed.
    void reload();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void updateStatus();
    void rangeChosen();
    void tableSelectionChanged();
    void stripClicked(const QDateTime &time, int lane);

    DashboardSession &m_session;
    HolderTimelineModel *m_model;
    QLabel *m_holderLabel;
    QLineEdit *m_holder;
    QCheckBox *m_allMachines;
    QLabel *m_rangeLabel;
    QComboBox *m_range;
    QDateTimeEdit *m_from;
    QDateTimeEdit *m_to;
    QPushButton *m_show;
    QLabel *m_status;
    HolderTimelineStrip *m_strip;
    QTableView *m_table;
    QPushButton *m_close;
};

} // namespace keyright
