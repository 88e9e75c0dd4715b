#include "ErrorBanner.h"

#include "Icons.h"
#include "StatePalette.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// A SHA-256 fingerprint is one 95-character word: two of them in a certificate error made the
// banner, and the window with it, taller than a 1280x720 screen at 150 %. The banner shows the
// first and last four bytes, the way people compare fingerprints; the tooltip has the whole text,
// and the connection dialog and the trust question show the fingerprints whole.
QString shortenFingerprints(const QString &text)
{
    static const QRegularExpression fingerprint(
        uR"(\b((?:[0-9A-Fa-f]{2}:){3}[0-9A-Fa-f]{2})(?::[0-9A-Fa-f]{2}){8,}:((?:[0-9A-Fa-f]{2}:){3}[0-9A-Fa-f]{2})\b)"_s);
    QString shown = text;
    shown.replace(fingerprint, u"\\1…\\2"_s);
    return shown;
}

} // namespace

ErrorBanner::ErrorBanner(QWidget *parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_text(new QLabel(this))
    , m_detail(new QLabel(this))
    , m_retry(new QPushButton(this))
{
    setObjectName(u"errorBanner"_s);
    setStyleSheet(u"#errorBanner { background: %1; border: 1px solid %2; border-radius: 4px; }"
                  "#errorBanner QLabel { color: %2; }"_s.arg(StatePalette::background(StatePalette::Failed).name(),
                                                             StatePalette::colour(StatePalette::Failed).name()));
    m_icon->setPixmap(keyrightIcon(u"warning"_s).pixmap(24, 24));
    QFont bold = m_text->font();
    bold.setBold(true);
    m_text->setFont(bold);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setWordWrap(true);

    auto *texts = new QVBoxLayout;
    texts->setSpacing(2);
    texts->addWidget(m_text);
    texts->addWidget(m_detail);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addLayout(texts, 1);
    layout->addWidget(m_retry, 0, Qt::AlignVCenter);
    connect(m_retry, &QPushButton::clicked, this, &ErrorBanner::retryRequested);
    retranslate();
    hide();
}

void ErrorBanner::showError(const QString &message, const QString &detail)
{
    m_message = message;
    m_text->setText(shortenFingerprints(message));
    m_text->setToolTip(m_text->text() == message ? QString() : message);
    m_detail->setText(detail);
    m_detail->setVisible(!detail.isEmpty());
    show();
}

void ErrorBanner::clear()
{
    m_text->clear();
    m_message.clear();
    m_detail->clear();
    hide();
}

QString ErrorBanner::message() const
{
    return m_message;
}

QString ErrorBanner::shownMessage() const
{
    return m_text->text();
}

QString ErrorBanner::detail() const
{
    return m_detail->text();
}

void ErrorBanner::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QFrame::changeEvent(event);
}

void ErrorBanner::retranslate()
{
    m_retry->setText(tr("Retry now"));
}

} // namespace keyright
