#include "KeyRevealDialog.h"

#include "Icons.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace keyright {

KeyRevealDialog::KeyRevealDialog(const QString &licenseId, const QString &key, QWidget *parent)
    : QDialog(parent)
    , m_key(new QLineEdit(key, this))
    , m_copy(new QPushButton(keyrightIcon(u"copy"_s), tr("&Copy"), this))
{
    setWindowTitle(tr("License key for %1").arg(licenseId));
    m_key->setObjectName(u"licenseKey"_s);
    m_copy->setObjectName(u"copyKey"_s);
    m_key->setReadOnly(true);
    QFont mono(u"monospace"_s);
    mono.setStyleHint(QFont::Monospace);
    m_key->setFont(mono);
    m_key->setMinimumWidth(m_key->fontMetrics().horizontalAdvance(key) + 24);
    m_key->setCursorPosition(0);

    auto *icon = new QLabel(this);
    icon->setPixmap(keyrightIcon(u"key"_s).pixmap(32, 32));
    auto *text = new QLabel(tr("<b>Copy this key now.</b> It is shown only once: the server keeps only a hash of it. "
                               "Applications use it to check out seats of <b>%1</b>.")
                                .arg(licenseId.toHtmlEscaped()),
                            this);
    text->setWordWrap(true);
    auto *top = new QHBoxLayout;
    top->addWidget(icon, 0, Qt::AlignTop);
    top->addWidget(text, 1);
    auto *row = new QHBoxLayout;
    row->addWidget(m_key, 1);
    row->addWidget(m_copy);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(row);
    layout->addWidget(buttons);

    connect(m_copy, &QPushButton::clicked, this, [this] {
        QGuiApplication::clipboard()->setText(m_key->text());
        m_copy->setText(tr("Copied"));
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::accept);
}

KeyRevealDialog::~KeyRevealDialog() = default;

QString KeyRevealDialog::key() const
{
    return m_key->text();
}

void KeyRevealDialog::done(int result)
{
    m_key->clear();
    QDialog::done(result);
}

} // namespace keyright
