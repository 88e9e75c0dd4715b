#include "ReapDialog.h"

#include "AdminActions.h"
#include "Icons.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace keyright {

ReapDialog::ReapDialog(AdminActions &actions, QWidget *parent)
    : QDialog(parent)
    , m_actions(actions)
    , m_status(new QLabel(this))
    , m_list(new QTreeWidget(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
    , m_confirm(new QPushButton(keyrightIcon(u"reap"_s), tr("Reclaim"), this))
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
    resize(680, 360);
    preview();
}

QString ReapDialog::statusText() const
{
    return m_status->text();
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
        m_confirm->setText(tr("Reclaim %n seat(s)", nullptr, m_preview.reaped));
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
    m_status->setText(tr("%n seat(s) reclaimed.", nullptr, m_reclaimed));
    m_confirm->hide();
    m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("Close"));
    setStage(Stage::Done);
    Q_EMIT reaped(m_reclaimed);
}

} // namespace keyright
