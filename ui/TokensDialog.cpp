#include "TokensDialog.h"

#include "AdminActions.h"
#include "RoleLabel.h"
#include "ScreenFit.h"

#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace keyright {

namespace {

// ISO dates in local time, as the Events page and the reap preview write them: a locale's short
// date (01/12/2026) reads as January in one country and December in another.
QString when(const QDateTime &time, const QString &otherwise)
{
    return time.isValid() ? time.toLocalTime().toString(u"yyyy-MM-dd HH:mm"_s) : otherwise;
}

} // namespace

TokensDialog::TokensDialog(AdminActions &actions, QWidget *parent)
    : QDialog(parent)
    , m_actions(actions)
    , m_list(new QTreeWidget(this))
    , m_name(new QLineEdit(this))
    , m_role(new QComboBox(this))
    , m_expires(new QComboBox(this))
    , m_create(new QPushButton(tr("&Create token"), this))
    , m_revoke(new QPushButton(tr("&Revoke…"), this))
    , m_secretBox(new QWidget(this))
    , m_secretLabel(new QLabel(m_secretBox))
    , m_secret(new QLineEdit(m_secretBox))
    , m_copy(new QPushButton(tr("&Copy"), m_secretBox))
    , m_status(new QLabel(this))
{
    setObjectName(u"tokensDialog"_s);
    setWindowTitle(tr("Access tokens"));
    m_list->setObjectName(u"tokenList"_s);
    m_list->setRootIsDecorated(false);
    m_list->setHeaderLabels({tr("Name"), tr("Role"), tr("Created"), tr("Last used"), tr("Expires")});
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_revoke->setObjectName(u"revokeToken"_s);
    m_revoke->setEnabled(false);
    m_create->setObjectName(u"createToken"_s);

    m_name->setObjectName(u"tokenName"_s);
    m_name->setPlaceholderText(tr("dana"));
    m_name->setValidator(new QRegularExpressionValidator(QRegularExpression(u"[a-z0-9][a-z0-9._-]{0,63}"_s), m_name));
    for (const AccessRole role : {AccessRole::Viewer, AccessRole::Operator, AccessRole::Admin})
        m_role->addItem(roleLabel(role), int(role));
    m_role->setObjectName(u"tokenRole"_s);
    m_expires->setObjectName(u"tokenExpires"_s);
    m_expires->addItem(tr("never"), 0);
    m_expires->addItem(tr("in 30 days"), 30);
    m_expires->addItem(tr("in 90 days"), 90);
    m_expires->addItem(tr("in a year"), 365);

    m_secret->setObjectName(u"tokenSecret"_s);
    m_secret->setReadOnly(true);
    m_copy->setObjectName(u"copyToken"_s);
    auto *secretLayout = new QVBoxLayout(m_secretBox);
    secretLayout->setContentsMargins(0, 0, 0, 0);
    secretLayout->addWidget(m_secretLabel);
    auto *secretRow = new QHBoxLayout;
    secretRow->addWidget(m_secret, 1);
    secretRow->addWidget(m_copy);
    secretLayout->addLayout(secretRow);
    m_secretLabel->setWordWrap(true);
    m_secretBox->hide();

    auto *form = new QGroupBox(tr("New token"), this);
    auto *formLayout = new QFormLayout(form);
    formLayout->addRow(tr("&Name:"), m_name);
    formLayout->addRow(tr("&Role:"), m_role);
    formLayout->addRow(tr("&Expires:"), m_expires);
    formLayout->addRow(QString(), m_create);
    formLayout->addRow(m_secretBox);

    auto *listButtons = new QHBoxLayout;
    listButtons->addStretch(1);
    listButtons->addWidget(m_revoke);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_list, 1);
    layout->addLayout(listButtons);
    layout->addWidget(form);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_create, &QPushButton::clicked, this, &TokensDialog::create);
    connect(m_revoke, &QPushButton::clicked, this, [this] { revokeSelected(false); });
    connect(m_copy, &QPushButton::clicked, this, [this] {
        QGuiApplication::clipboard()->setText(m_secret->text());
        m_status->setText(tr("Token copied to the clipboard."));
    });
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, [this] {
        const auto selected = m_list->selectedItems();
        // The bootstrap token is the server's admin-token file: the server refuses to revoke it.
        m_revoke->setEnabled(!selected.isEmpty() && selected.first()->text(NameColumn) != u"bootstrap"_s);
    });
    connect(&m_actions, &AdminActions::tokensListed, this, &TokensDialog::showTokens);
    connect(&m_actions, &AdminActions::tokenCreated, this, &TokensDialog::showSecret);
    connect(&m_actions, &AdminActions::tokenRevoked, this, [this](const QString &name) {
        m_status->setText(tr("Revoked token %1.").arg(name));
        refresh();
    });
    connect(&m_actions, &AdminActions::failed, this,
            [this](AdminActions::Action action, const QString &subject, const QString &message) {
                switch (action) {
                case AdminActions::Action::ListTokens:
                    m_status->setText(tr("The tokens could not be listed: %1").arg(message));
                    break;
                case AdminActions::Action::CreateToken:
                    m_status->setText(tr("Token %1 was not created: %2").arg(subject, message));
                    break;
                case AdminActions::Action::RevokeToken:
                    m_status->setText(tr("Token %1 was not revoked: %2").arg(subject, message));
                    break;
                default:
                    break;
                }
            });
    resizeWithinScreen(this, QSize(720, 520));
    refresh();
}

TokensDialog::~TokensDialog() = default;

QString TokensDialog::statusText() const
{
    return m_status->text();
}

QString TokensDialog::shownSecret() const
{
    return m_secret->text();
}

void TokensDialog::refresh()
{
    m_actions.listTokens();
}

void TokensDialog::create()
{
    if (!m_name->hasAcceptableInput()) {
        m_status->setText(tr("A token name is 1 to 64 of a-z, 0-9, '.', '_' and '-'."));
        return;
    }
    TokenSpec spec;
    spec.name = m_name->text();
    spec.role = AccessRole(m_role->currentData().toInt());
    if (const int days = m_expires->currentData().toInt(); days > 0)
        spec.lifetime = std::chrono::seconds(qint64(days) * 24 * 3600);
    m_actions.createToken(spec);
}

void TokensDialog::revokeSelected(bool confirmed)
{
    const auto selected = m_list->selectedItems();
    if (selected.isEmpty())
        return;
    const QString name = selected.first()->text(NameColumn);
    if (!confirmed
        && QMessageBox::question(
               this, tr("Revoke token"),
               tr("Revoke the token %1? Whoever uses it is refused from their next request on.").arg(name))
            != QMessageBox::Yes)
        return;
    m_actions.revokeToken(name);
}

void TokensDialog::showTokens(const TokenList &tokens)
{
    const QString selected = m_list->selectedItems().isEmpty() ? QString() : m_list->selectedItems().first()->text(0);
    m_list->clear();
    for (const AccessTokenInfo &token : tokens.tokens) {
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(NameColumn, token.name);
        item->setText(RoleColumn, roleLabel(token.role));
        item->setText(CreatedColumn, when(token.createdAt, {}));
        item->setText(LastUsedColumn, when(token.lastUsedAt, tr("never")));
        item->setText(ExpiresColumn, when(token.expiresAt, tr("never")));
        if (token.name == selected)
            item->setSelected(true);
    }
}

void TokensDialog::showSecret(const AccessTokenInfo &token, const QString &secret)
{
    m_secretLabel->setText(tr("Token for %1 (%2). It is shown only now: copy it and give it to %1; the server "
                              "keeps only its hash.")
                               .arg(token.name, roleLabel(token.role)));
    m_secret->setText(secret);
    m_secretBox->show();
    m_name->clear();
    m_status->setText(tr("Created token %1.").arg(token.name));
    refresh();
}

void TokensDialog::done(int result)
{
    // The secret does not outlive the dialog in a widget.
    m_secret->clear();
    QDialog::done(result);
}

} // namespace keyright
