#include "WriteOffDialog.h"

#include "LedgerSentence.h"
#include "wire/BorrowJson.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTimeZone>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace keyright {

WriteOffDialog::WriteOffDialog(const QString &licenseId, const QString &holder, const QString &seatId,
                               const QDateTime &countedUntil, const QDateTime &now, QWidget *parent)
    : QDialog(parent)
    , m_note(new QLineEdit(this))
{
    setWindowTitle(tr("Write off borrowed seat"));
    setObjectName(u"writeOffDialog"_s);
    m_note->setObjectName(u"note"_s);
    m_note->setMaxLength(WriteOffRequest::maxNoteLength);
    m_note->setPlaceholderText(tr("Optional, recorded in the events"));

    const QString until = borrowEndText(countedUntil, now, QTimeZone::systemTimeZone());
    // Lost laptops and damaged lease files alike: both can no longer give the seat back (walk 57a, F6).
    auto *question = new QLabel(tr("Write off the seat of <b>%1</b> on <b>%2</b> (seat %3), whose laptop is lost or "
                                   "can no longer give it back?")
                                    .arg(holder.toHtmlEscaped(), licenseId.toHtmlEscaped(), seatId.left(8)),
                                this);
    question->setWordWrap(true);
    auto *consequence = new QLabel(tr("The seat stays counted until <b>%1</b>: the laptop holds a signed lease that "
                                      "cannot be recalled, and nothing the server does can free the seat earlier. If "
                                      "the laptop turns up with its lease file intact, returning the seat frees it at "
                                      "once.")
                                       .arg(until.toHtmlEscaped()),
                                   this);
    consequence->setObjectName(u"consequence"_s);
    consequence->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("&Note:"), m_note);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Write off"));
    buttons->button(QDialogButtonBox::Ok)->setObjectName(u"writeOffButton"_s);
    for (QAbstractButton *button : buttons->buttons()) {
        if (auto *push = qobject_cast<QPushButton *>(button))
            push->setAutoDefault(false);
    }
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(question);
    layout->addWidget(consequence);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(480, sizeHint().height());
}

void WriteOffDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    // Return confirms nothing here (keyPressEvent): no button looks as if it would (walk 56).
    for (auto *push : findChildren<QPushButton *>())
        push->setDefault(false);
}

void WriteOffDialog::keyPressEvent(QKeyEvent *event)
{
    if (event->modifiers() == Qt::NoModifier || event->modifiers() == Qt::KeypadModifier) {
        if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
            event->accept();
            return;
        }
    }
    QDialog::keyPressEvent(event);
}

QString WriteOffDialog::note() const
{
    return m_note->text().trimmed();
}

} // namespace keyright
