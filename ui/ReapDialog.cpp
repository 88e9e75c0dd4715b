#include "ReapDialog.h"

#include "AdminActions.h"
#include "DashboardSession.h"
#include "Icons.h"
#include "ScreenFit.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace keyright {

ReapDialog::ReapDialog(AdminActions &actions, DashboardSession &session, QWidget *parent)
    : QDialog(parent)
    , m_actions(actions)
    , m_session(session)
    , m_status(new QLabel(this))
    , m_list(new QTreeWidget(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
    , m_confirm(new QPushButton(keyrightIcon(u"reap"_s), tr("Delete expired rows"), this))
{
    setWindowTitle(tr("Force reap"));
    m_status->setObjectName(u"reapStatus"_s);
    m_confirm->setObjectName(u"confirmReap"_s);
    m_status->setWordWrap(true);
    m_list->setRootIsDecorated(false);
    m_list->setHeaderLabels({tr("License"), tr("Holder"), tr("Seat"), tr("Expired at"), tr("Reapable since")});
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_buttons->addButton(m_confirm, QDialogButtonBox::AcceptRole);
    m_confirm->setEnabled(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_buttons);
    connect(m_confirm, &QPushButton::clicked, this, &ReapDialog::confirm);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(&actions, &AdminActions::reapPreviewed, this, [this](const ReapResult &preview) {
        if (m_stage == Stage::Previewing)
            showPreview(preview);
    });
    connect(&actions, &AdminActions::reaped, this, [this](int seats) {
        if (m_stage == Stage::Reaping)
            showReaped(seats);
    });
    connect(&actions, &AdminActions::failed, this,
            [this](AdminActions::Action action, const QString &, const QString &message) {
                if (action == AdminActions::Action::PreviewReap && m_stage == Stage::Previewing) {
                    m_status->setText(tr("Could not preview: %1").arg(message));
                    setStage(Stage::Failed);
                } else if (action == AdminActions::Action::Reap && m_stage == Stage::Reaping) {
                    m_status->setText(tr("Reap failed: %1").arg(message));
                    setStage(Stage::Failed);
                }
            });
    connect(&session, &DashboardSession::eventsArrived, this, [this] {
        if (m_stage == Stage::Done && m_reclaimed < m_preview.reaped)
            explainMissing();
    });
    resizeWithinScreen(this, QSize(680, 360));
    preview();
}

QString ReapDialog::statusText() const
{
    return m_status->text();
}

QString ReapDialog::confirmText() const
{
    return m_confirm->text();
}

void ReapDialog::setStage(Stage stage)
{
    m_stage = stage;
    Q_EMIT stageChanged(stage);
}

void ReapDialog::preview()
{
    m_status->setText(tr("Looking for expired leases past their reap grace…"));
    setStage(Stage::Previewing);
    m_actions.previewReap();
}

void ReapDialog::showPreview(const ReapResult &preview)
{
    m_preview = preview;
    m_list->clear();
    for (const ReapedSeat &seat : std::as_const(m_preview.seats)) {
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(0, seat.licenseId);
        item->setText(1, seat.holder);
        item->setText(2, seat.seatId.left(8));
        item->setToolTip(2, seat.seatId);
        item->setText(3, seat.expiresAt.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s));
        item->setText(4, seat.reapableAt.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s));
    }
    if (m_preview.reaped == 0) {
        m_status->setText(tr("Nothing to reclaim: no lease is past its expiry and reap grace."));
        m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("Close"));
    } else {
        m_status->setText(tr("%n expired lease row(s) would be deleted. None of them counts against its license "
                             "any more; reaping tidies the table and the events say who left without releasing.",
                             nullptr, m_preview.reaped));
        // What the button does: delete rows. The seats were free already.
        m_confirm->setText(tr("Delete %n expired row(s)", nullptr, m_preview.reaped));
        m_confirm->setEnabled(true);
    }
    setStage(Stage::Preview);
}

void ReapDialog::confirm()
{
    if (m_stage != Stage::Preview || m_preview.reaped == 0 || !m_actions.isAvailable())
        return;
    m_confirm->setEnabled(false);
    setStage(Stage::Reaping);
    m_actions.reap();
}

void ReapDialog::showReaped(int seats)
{
    m_reclaimed = seats;
    m_confirm->hide();
    m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("Close"));
    setStage(Stage::Done);
    if (m_reclaimed < m_preview.reaped)
        explainMissing();
    else
        m_status->setText(tr("%n seat(s) reclaimed.", nullptr, m_reclaimed));
    Q_EMIT reaped(m_reclaimed);
}

void ReapDialog::explainMissing()
{
    // The previewed rows this reap did not delete went between the preview and the confirmation:
    // their "reaped" event says when and by whom (AdminActions has asked for a poll, which brings
    // it if it is not loaded yet).
    QSet<QString> missing;
    for (const ReapedSeat &seat : std::as_const(m_preview.seats))
        missing.insert(seat.seatId);
    const EventRecord *last = nullptr;
    for (const EventRecord &e : m_session.events().events()) {
        if (e.kind == EventKind::Reaped && missing.contains(e.seatId)) {
            if (!last || e.time > last->time)
                last = &e;
        }
    }
    const int gone = m_preview.reaped - m_reclaimed;
    QString text = m_reclaimed > 0 ? tr("%n seat(s) reclaimed.", nullptr, m_reclaimed) + u' ' : QString();
    if (!last) {
        text
            += tr("%n previewed row(s) were gone already: another reap deleted them after the preview.", nullptr, gone);
    } else {
        const QString at = last->time.toLocalTime().toString(u"HH:mm:ss"_s);
        if (last->actor == u"reaper"_s)
            text += tr("%n previewed row(s) were already reclaimed by the periodic reaper at %1.", nullptr, gone)
                        .arg(at);
        else
            text += tr("%n previewed row(s) were already reclaimed by %1 at %2.", nullptr, gone).arg(last->actor, at);
    }
    m_status->setText(text);
}

} // namespace keyright
