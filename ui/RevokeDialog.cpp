#include "RevokeDialog.h"

#include "Icons.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

RevokeDialog::RevokeDialog(const QString &licenseId, const QString &holder, const QString &seatId, QWidget *parent)
    : QDialog(parent)
    , m_reason(new QLineEdit(this))
    , m_block(new QComboBox(this))
{
    setWindowTitle(tr("Revoke seat"));
    m_reason->setObjectName(u"reason"_s);
    m_block->setObjectName(u"blockDuration"_s);
    m_reason->setMaxLength(500);
    m_reason->setPlaceholderText(tr("Optional, recorded in the events"));
    m_block->addItem(tr("Do not block"), qint64(0));
    m_block->addItem(tr("10 minutes"), qint64(600));
    m_block->addItem(tr("1 hour"), qint64(3600));
    m_block->addItem(tr("8 hours"), qint64(8 * 3600));
    m_block->addItem(tr("1 day"), qint64(24 * 3600));
    m_block->addItem(tr("7 days"), qint64(7 * 24 * 3600));

    auto *text = new QLabel(tr("Revoke the seat of <b>%1</b> on <b>%2</b> (seat %3)?<br>The seat is free at once; the "
                               "application loses it at its next heartbeat. Without a block it may check out again "
                               "straight away.")
                                .arg(holder.toHtmlEscaped(), licenseId.toHtmlEscaped(), seatId.left(8)),
                            this);
    text->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("R&eason:"), m_reason);
    form->addRow(tr("&Block this holder for:"), m_block);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    // Alt+R revokes, and only that: the reason field has its own key (Alt+E).
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Revoke"));
    buttons->button(QDialogButtonBox::Ok)->setIcon(keyrightIcon(u"revoke"_s));
    // Return neither revokes nor cancels (keyPressEvent); a focused button still takes Space.
    for (QAbstractButton *button : buttons->buttons()) {
        if (auto *push = qobject_cast<QPushButton *>(button))
            push->setAutoDefault(false);
    }
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(text);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(460, sizeHint().height());
}

void RevokeDialog::keyPressEvent(QKeyEvent *event)
{
    if (event->modifiers() == Qt::NoModifier || event->modifiers() == Qt::KeypadModifier) {
        if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
            event->accept();
            return;
        }
    }
    QDialog::keyPressEvent(event);
}

QString RevokeDialog::reason() const
{
    return m_reason->text().trimmed();
}

std::chrono::seconds RevokeDialog::blockDuration() const
{
    return std::chrono::seconds {m_block->currentData().toLongLong()};
}

void RevokeDialog::proposeBlock()
{
    m_block->setCurrentIndex(m_block->findData(qint64(3600)));
    // The reason is what one types next: typed into the duration box, letters changed the
    // duration instead (walk 26).
    m_reason->setFocus();
}

} // namespace keyright
