#include "ConnectionDialog.h"

#include "Icons.h"
#include "ScreenFit.h"
#include "StatePalette.h"
#include "TlsTrust.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QResizeEvent>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace keyright {

ConnectionDialog::ConnectionDialog(ConnectionProfileStore &store, const QString &current, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_list(new QListWidget(this))
    , m_name(new QLineEdit(this))
    , m_url(new QLineEdit(this))
    , m_useFile(new QRadioButton(tr("Token &file:"), this))
    , m_useTyped(new QRadioButton(tr("&Paste the token:"), this))
    , m_tokenFile(new QLineEdit(this))
    , m_token(new QLineEdit(this))
    , m_tokenState(new QLabel(this))
    , m_caFile(new QLineEdit(this))
    , m_trusted(new QLabel(this))
    , m_forgetCertificates(new QPushButton(tr("F&orget"), this))
    , m_urlState(new QLabel(this))
    , m_message(new QLabel(this))
    , m_save(new QPushButton(tr("&Save"), this))
    , m_remove(new QPushButton(tr("&Delete"), this))
    , m_connect(new QPushButton(keyrightIcon(u"connect"_s), tr("&Connect"), this))
{
    setWindowTitle(tr("Connect to a lease server"));
    m_name->setObjectName(u"profileName"_s);
    m_url->setObjectName(u"serverUrl"_s);
    m_tokenFile->setObjectName(u"tokenFile"_s);
    m_token->setObjectName(u"token"_s);
    m_connect->setObjectName(u"connect"_s);
    m_url->setPlaceholderText(tr("https://licenses.example.com:7400"));
    m_url->setToolTip(tr("One server, or every instance of one site separated by commas: the dashboard uses "
                         "whichever answers."));
    m_urlState->setObjectName(u"serverUrlState"_s);
    m_urlState->setWordWrap(true);
    m_tokenFile->setPlaceholderText(tr("the server's admin-token file"));
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setPlaceholderText(tr("krt- and 64 hex digits, or 64 hex digits"));
    m_token->setToolTip(tr("A named access token: krt- followed by 64 hex digits, shown once when it was created. "
                           "Or the server's bootstrap admin token: the 64 hex digits of its admin-token file."));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(u"color: %1;"_s.arg(StatePalette::colour(StatePalette::Failed).name()));
    m_tokenState->setWordWrap(true);
    m_caFile->setObjectName(u"caFile"_s);
    m_caFile->setPlaceholderText(tr("optional: a CA certificate (PEM)"));
    m_caFile->setToolTip(tr("For https:// servers whose certificate a private authority signed, or a self-signed "
                            "one: the authority's certificate (or the server's own) as a PEM file."));
    m_trusted->setObjectName(u"trustedCertificates"_s);
    m_trusted->setWordWrap(true);
    m_trusted->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_forgetCertificates->setObjectName(u"forgetCertificates"_s);
    m_forgetCertificates->setToolTip(tr("Forget the certificates confirmed for this profile: the next connection "
                                        "shows their fingerprints and asks again."));
    m_list->setMinimumWidth(170);
    // Enter means Connect wherever the focus is; the buttons that lose something never take it.
    m_remove->setObjectName(u"deleteProfile"_s);
    m_remove->setAutoDefault(false);
    m_forgetCertificates->setAutoDefault(false);
    m_connect->setDefault(true);

    auto *browse = new QPushButton(tr("Browse…"), this);
    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_tokenFile, 1);
    fileRow->addWidget(browse);
    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("Server &URL:"), m_url);
    form->addRow(QString(), m_urlState);
    form->addRow(m_useFile, fileRow);
    form->addRow(m_useTyped, m_token);
    form->addRow(QString(), m_tokenState);
    auto *browseCa = new QPushButton(tr("Browse…"), this);
    auto *caRow = new QHBoxLayout;
    caRow->addWidget(m_caFile, 1);
    caRow->addWidget(browseCa);
    // A row given as a layout gets no buddy from QFormLayout: without one the label would show its
    // "&" instead of underlining the key that reaches the field.
    auto *caLabel = new QLabel(tr("C&A file:"), this);
    caLabel->setBuddy(m_caFile);
    form->addRow(caLabel, caRow);
    auto *trustedRow = new QHBoxLayout;
    trustedRow->addWidget(m_trusted, 1);
    trustedRow->addWidget(m_forgetCertificates, 0, Qt::AlignTop);
    form->addRow(tr("Trusted certificates:"), trustedRow);
    // Each way of giving the token is followed by its own field: Tab from "Paste the token" must
    // not land in the file field, where a pasted token would be saved as a path.
    setTabOrder(m_url, m_useFile);
    setTabOrder(m_useFile, m_tokenFile);
    setTabOrder(m_tokenFile, browse);
    setTabOrder(browse, m_useTyped);
    setTabOrder(m_useTyped, m_token);
    setTabOrder(m_token, m_caFile);

    auto *newButton = new QPushButton(keyrightIcon(u"add"_s), tr("Ne&w"), this);
    auto *left = new QVBoxLayout;
    left->addWidget(m_list, 1);
    left->addWidget(newButton);
    auto *profileButtons = new QHBoxLayout;
    profileButtons->addStretch(1);
    profileButtons->addWidget(m_remove);
    profileButtons->addWidget(m_save);
    auto *right = new QVBoxLayout;
    right->addLayout(form);
    right->addWidget(m_message);
    right->addStretch(1);
    right->addLayout(profileButtons);
    auto *body = new QHBoxLayout;
    body->addLayout(left);
    body->addLayout(right, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *embedded = buttons->addButton(tr("Use the &embedded demo server"), QDialogButtonBox::ResetRole);
    buttons->addButton(m_connect, QDialogButtonBox::AcceptRole);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(body, 1);
    layout->addWidget(buttons);

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Admin token file"), m_tokenFile->text());
        if (!path.isEmpty()) {
            m_tokenFile->setText(path);
            m_useFile->setChecked(true);
        }
    });
    connect(browseCa, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Certificate authority file"), m_caFile->text(),
                                                          tr("Certificates (*.pem *.crt *.cer);;All files (*)"));
        if (!path.isEmpty())
            m_caFile->setText(path);
    });
    connect(m_forgetCertificates, &QPushButton::clicked, this, [this] {
        m_trustedCertificates.clear();
        showTrustedCertificates();
        // Forget disables itself: the focus would fall to the next button, Delete, for Enter to
        // press. It goes to Connect, which Enter means anyway.
        (m_connect->isEnabled() ? m_connect : m_save)->setFocus();
    });
    connect(m_list, &QListWidget::currentTextChanged, this, &ConnectionDialog::loadProfile);
    connect(newButton, &QPushButton::clicked, this, [this] {
        m_list->clearSelection();
        m_list->setCurrentRow(-1);
        loadProfile({});
        m_name->setFocus();
    });
    connect(m_save, &QPushButton::clicked, this, [this] { saveForm(); });
    connect(m_remove, &QPushButton::clicked, this, &ConnectionDialog::confirmRemove);
    connect(m_connect, &QPushButton::clicked, this, [this] {
        if (!saveForm())
            return;
        m_chosen = m_name->text().trimmed();
        accept();
    });
    connect(embedded, &QPushButton::clicked, this, [this] {
        m_embedded = true;
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_token, &QLineEdit::textEdited, this, [this] { m_useTyped->setChecked(true); });
    connect(m_tokenFile, &QLineEdit::textEdited, this, [this] { m_useFile->setChecked(true); });
    for (QLineEdit *edit : {m_name, m_url})
        connect(edit, &QLineEdit::textChanged, this, &ConnectionDialog::updateButtons);

    m_useFile->setChecked(true);
    refreshList(current);
    if (m_list->count() == 0)
        loadProfile({});
    resizeWithinScreen(this, QSize(720, 340));
}

void ConnectionDialog::confirmRemove()
{
    const QString name = m_name->text().trimmed();
    if (!m_store.profile(name))
        return;
    auto *confirm = new QMessageBox(QMessageBox::Question, tr("Delete connection profile"),
                                    tr("Delete the connection profile \"%1\"?").arg(name), QMessageBox::Cancel, this);
    confirm->setObjectName(u"confirmDeleteProfile"_s);
    confirm->setInformativeText(tr("Its address, CA file and trusted certificates are forgotten, and so is the "
                                   "token stored for it. A token file of your own is left where it is."));
    QPushButton *remove = confirm->addButton(tr("&Delete"), QMessageBox::DestructiveRole);
    remove->setObjectName(u"delete"_s);
    confirm->setDefaultButton(QMessageBox::Cancel);
    confirm->setEscapeButton(QMessageBox::Cancel);
    confirm->setAttribute(Qt::WA_DeleteOnClose);
    connect(confirm, &QMessageBox::finished, this, [this, confirm, remove, name] {
        if (confirm->clickedButton() != remove)
            return;
        m_store.remove(name);
        refreshList({});
        loadProfile({});
        m_list->setFocus();
    });
    confirm->open();
}

void ConnectionDialog::refreshList(const QString &select)
{
    m_list->clear();
    for (const ConnectionProfile &p : m_store.profiles()) {
        auto *item = new QListWidgetItem(keyrightIcon(u"connect"_s), p.name, m_list);
        item->setToolTip(p.instancesText());
        if (p.name == select)
            m_list->setCurrentItem(item);
    }
}

void ConnectionDialog::loadProfile(const QString &name)
{
    m_message->clear();
    m_token->clear();
    const auto profile = name.isEmpty() ? std::nullopt : m_store.profile(name);
    m_name->setText(profile ? profile->name : QString());
    m_url->setText(profile ? profile->instancesText() : QString());
    m_storedTokenFile = profile && profile->tokenFileOwned ? profile->tokenFile : QString();
    m_caFile->setText(profile ? profile->caFile : QString());
    m_trustedCertificates = profile ? profile->trustedCertificates : QMap<QString, QString>();
    showTrustedCertificates();
    if (profile && profile->tokenFileOwned) {
        m_useTyped->setChecked(true);
        m_tokenFile->clear();
        m_token->setPlaceholderText(tr("stored privately; type a new one to replace it"));
        m_tokenState->setText(tr("The token is kept in a private file and is not shown."));
    } else {
        m_useFile->setChecked(true);
        m_tokenFile->setText(profile ? profile->tokenFile : QString());
        m_token->setPlaceholderText(tr("krt- and 64 hex digits, or 64 hex digits"));
        m_tokenState->clear();
    }
    updateButtons();
}

bool ConnectionDialog::event(QEvent *event)
{
    const bool handled = QDialog::event(event);
    // A label's text changed (a message, the trusted certificates): the layout was redone.
    if (event->type() == QEvent::LayoutRequest)
        fitHeight();
    return handled;
}

void ConnectionDialog::resizeEvent(QResizeEvent *event)
{
    QDialog::resizeEvent(event);
    if (event->size().width() != event->oldSize().width())
        fitHeight();
}

void ConnectionDialog::fitHeight()
{
    // The line under the URL keeps the room its hint takes at this width, even while empty: the
    // hint that comes as a list is typed must not push the fields below away from where the
    // person is about to click (walk 48).
    const int labelWidth = m_urlState->width() > 0 ? m_urlState->width() : m_url->width();
    const auto heightOf = [&](const QString &hint) {
        return m_urlState->fontMetrics()
            .boundingRect(QRect(0, 0, std::max(labelWidth, 1), 100000), Qt::TextWordWrap, hint)
            .height();
    };
    const int hintHeight = std::max(
        heightOf(tr("%1 instances of one site; the dashboard uses whichever answers.").arg(QLocale().toString(10))),
        heightOf(tr("The path %1 goes before every request: leave it out unless a proxy serves the server there.")
                     .arg(QString(24, u'W'))));
    if (hintHeight != m_urlState->minimumHeight())
        m_urlState->setMinimumHeight(hintHeight);
    if (!layout() || !layout()->hasHeightForWidth())
        return;
    const int needed = layout()->totalHeightForWidth(width());
    if (needed <= 0 || needed == minimumHeight())
        return;
    setMinimumHeight(needed);
    if (height() < needed)
        resize(width(), needed);
}

void ConnectionDialog::showTrustedCertificates()
{
    QStringList lines;
    for (auto it = m_trustedCertificates.cbegin(); it != m_trustedCertificates.cend(); ++it) {
        // On two lines it fits the dialog at 150 % and is still read and compared whole.
        lines.append(tr("%1: SHA-256\n%2").arg(it.key(), TlsTrust::fingerprintOnTwoLines(it.value())));
    }
    m_trusted->setText(lines.isEmpty() ? tr("None. A certificate that no authority vouches for is shown with its "
                                            "fingerprint when first met, and trusted only if you confirm it.")
                                       : lines.join(u'\n'));
    m_forgetCertificates->setEnabled(!lines.isEmpty());
}

bool ConnectionDialog::validateUrls()
{
    if (m_url->text().trimmed().isEmpty()) {
        m_urlState->clear();
        return false;
    }
    QString error;
    const QList<QUrl> urls = ConnectionProfile::parseInstances(m_url->text(), &error);
    if (urls.isEmpty()) {
        m_urlState->setStyleSheet(u"color: %1;"_s.arg(StatePalette::colour(StatePalette::Failed).name()));
        m_urlState->setText(error);
        return false;
    }
    // A path is kept as the prefix of every request (a server behind a proxy that serves it under
    // one), so it is taken; but most servers have none, and a path pasted by mistake made walk 49's
    // instance read "down" (every request answered 404): said before connecting.
    for (const QUrl &url : urls) {
        const QString path = url.path();
        if (!path.isEmpty() && path != u"/"_s) {
            m_urlState->setStyleSheet(u"color: %1;"_s.arg(StatePalette::colour(StatePalette::Pending).name()));
            // At most 24 characters of the path, so that the hint keeps to the room reserved for it.
            const QString shown = path.size() <= 24 ? path : path.left(11) + u"…"_s + path.right(12);
            m_urlState->setToolTip(url.toDisplayString());
            m_urlState->setText(
                tr("The path %1 goes before every request: leave it out unless a proxy serves the server there.")
                    .arg(shown));
            return true;
        }
    }
    m_urlState->setStyleSheet(QString());
    m_urlState->setToolTip(QString());
    m_urlState->setText(urls.size() > 1
                            ? tr("%1 instances of one site; the dashboard uses whichever answers.").arg(urls.size())
                            : QString());
    return true;
}

void ConnectionDialog::updateButtons()
{
    const bool named = !m_name->text().trimmed().isEmpty();
    const bool urlsValid = validateUrls();
    m_save->setEnabled(named && (urlsValid || m_url->text().trimmed().isEmpty()));
    m_connect->setEnabled(named && urlsValid);
    m_remove->setEnabled(named && m_store.profile(m_name->text().trimmed()).has_value());
}

bool ConnectionDialog::saveForm()
{
    const QString name = m_name->text().trimmed();
    if (name.isEmpty()) {
        m_message->setText(tr("Give the profile a name."));
        return false;
    }
    QString urlError;
    const QList<QUrl> urls = ConnectionProfile::parseInstances(m_url->text(), &urlError);
    if (urls.isEmpty()) {
        m_message->setText(urlError);
        return false;
    }
    ConnectionProfile profile {name, urls.constFirst(), {}, false, urls.mid(1)};
    profile.caFile = m_caFile->text().trimmed();
    if (!profile.caFile.isEmpty()) {
        QString error;
        if (!TlsTrust::readCaFile(profile.caFile, &error)) {
            m_message->setText(tr("The CA file cannot be used: %1").arg(error));
            return false;
        }
    }
    profile.trustedCertificates = m_trustedCertificates;
    if (m_useTyped->isChecked()) {
        const QByteArray typed = m_token->text().trimmed().toUtf8();
        if (typed.isEmpty() && m_storedTokenFile.isEmpty()) {
            m_message->setText(tr("Paste the admin token, or choose the token file."));
            return false;
        }
        if (typed.isEmpty()) {
            profile.tokenFile = m_storedTokenFile;
        } else {
            QString error;
            profile.tokenFile = m_store.storeToken(name, typed, &error);
            if (profile.tokenFile.isEmpty()) {
                m_message->setText(tr("Could not store the token: %1").arg(error));
                return false;
            }
        }
        profile.tokenFileOwned = true;
        // Never shown again: the field is emptied as soon as the token is stored.
        m_token->clear();
        m_token->setPlaceholderText(tr("stored privately; type a new one to replace it"));
        m_tokenState->setText(tr("The token is kept in a private file and is not shown."));
    } else {
        profile.tokenFile = m_tokenFile->text().trimmed();
        if (profile.tokenFile.isEmpty()) {
            m_message->setText(tr("Choose the admin token file, or paste the token."));
            return false;
        }
    }
    m_store.save(profile);
    m_storedTokenFile = profile.tokenFileOwned ? profile.tokenFile : QString();
    m_message->clear();
    refreshList(name);
    return true;
}

} // namespace keyright
