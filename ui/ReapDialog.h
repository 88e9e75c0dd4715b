#pragma once

#include "AdminTypes.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QPushButton;
class QTreeWidget;

namespace keyright {

class AdminActions;
class DashboardSession;

// Force reap in two steps: a dry run lists the expired rows past their grace that would go, the
// admin confirms, and the dialog reports how many rows were deleted. AdminActions sends both;
// the dialog shows what they answer. Rows the periodic reaper (or another admin) deleted between
// the two steps are named with the reap event that deleted them, read from the session's events.
class ReapDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReapDialog)

public:
    enum class Stage { Previewing, Preview, Reaping, Done, Failed };
    Q_ENUM(Stage)

    ReapDialog(AdminActions &actions, DashboardSession &session, QWidget *parent = nullptr);

    Stage stage() const { return m_stage; }
    int previewCount() const { return m_preview.reaped; }
    int reclaimed() const { return m_reclaimed; }
    QString statusText() const;
    QString confirmText() const;

public Q_SLOTS:
    void confirm();

Q_SIGNALS:
    void stageChanged(keyright::ReapDialog::Stage stage);
    void reaped(int seats);

private:
    void preview();
    void showPreview(const ReapResult &preview);
    void showReaped(int seats);
    // Says who deleted the previewed rows this reap did not find, once their events are loaded.
    void explainMissing();
    void setStage(Stage stage);

    AdminActions &m_actions;
    DashboardSession &m_session;
    Stage m_stage = Stage::Previewing;
    ReapResult m_preview;
    int m_reclaimed = 0;
    QLabel *m_status;
    QTreeWidget *m_list;
    QDialogButtonBox *m_buttons;
    QPushButton *m_confirm;
};

} // namespace keyright
