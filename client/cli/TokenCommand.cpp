#include "TokenCommand.h"

#include "AdminClient.h"
#include "ExitCode.h"
#include "TextTable.h"
#include "Timestamps.h"

#include <QCommandLineParser>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace keyright::cli {

namespace {

QString timeOr(const QDateTime &time, const QString &otherwise)
{
    return time.isValid() ? formatTimestamp(time) : otherwise;
}

} // namespace

QString TokenCommand::name() const
{
    return u"token"_s;
}

QString TokenCommand::summary() const
{
    return u"Create, list and revoke named access tokens (admin)."_s;
}

QString TokenCommand::synopsis() const
{
    return u"create --name NAME --role viewer|operator|admin [--expires 90d]\n"
           u"       keyright token list [--json]\n"
           u"       keyright token revoke NAME"_s;
}

void TokenCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addPositionalArgument(u"ACTION"_s, u"create, list or revoke."_s);
    parser.addPositionalArgument(u"NAME"_s, u"revoke: the token's name."_s, u"[NAME]"_s);
    parser.addOption({u"name"_s, u"create: who the token is for (a-z, 0-9, '.', '_', '-')."_s, u"NAME"_s});
    parser.addOption({u"role"_s, u"create: viewer, operator or admin."_s, u"ROLE"_s});
    parser.addOption({u"expires"_s, u"create: the token stops working after this long (e.g. 90d)."_s, u"DURATION"_s});
}

QString TokenCommand::prepare(const QCommandLineParser &parser, const QStringList &arguments)
{
    if (arguments.isEmpty())
        return u"expects an action: create, list or revoke"_s;
    const QString action = arguments.constFirst();
    const QStringList createOptions {u"name"_s, u"role"_s, u"expires"_s};
    const auto refuse = [&](const QStringList &options) -> QString {
        for (const QString &option : options) {
            if (parser.isSet(option))
                return u"--%1 does not apply to token %2"_s.arg(option, action);
        }
        return {};
    };
    if (action == u"list"_s) {
        m_action = Action::List;
        if (arguments.size() != 1)
            return u"token list takes no NAME"_s;
        return refuse(createOptions);
    }
    if (parser.isSet(u"json"_s))
        return u"--json applies to token list only"_s;
    if (action == u"revoke"_s) {
        m_action = Action::Revoke;
        if (arguments.size() != 2)
            return u"token revoke expects exactly one NAME"_s;
        m_tokenName = arguments.at(1);
        if (!isValidTokenName(m_tokenName))
            return u"\"%1\" is not a token name (1 to 64 of a-z, 0-9, '.', '_', '-')"_s.arg(m_tokenName);
        return refuse(createOptions);
    }
    if (action != u"create"_s)
        return u"unknown action \"%1\" (create, list or revoke)"_s.arg(action);
    m_action = Action::Create;
    if (arguments.size() != 1)
        return u"token create takes its name as --name NAME"_s;
    if (!parser.isSet(u"name"_s) || !parser.isSet(u"role"_s))
        return u"token create needs --name and --role"_s;
    m_tokenName = parser.value(u"name"_s);
    if (!isValidTokenName(m_tokenName))
        return u"--name: \"%1\" is not a token name (1 to 64 of a-z, 0-9, '.', '_', '-')"_s.arg(m_tokenName);
    const auto role = parseRole(parser.value(u"role"_s));
    if (!role)
        return u"--role: \"%1\" is not a role (viewer, operator or admin)"_s.arg(parser.value(u"role"_s));
    m_role = *role;
    if (parser.isSet(u"expires"_s)) {
        QString why;
        m_lifetime = parseSeconds(u"expires"_s, parser.value(u"expires"_s), std::chrono::seconds {1}, &why);
        if (!m_lifetime)
            return why;
    }
    return {};
}

void TokenCommand::start()
{
    switch (m_action) {
    case Action::Create:
        return create();
    case Action::List:
        return list();
    case Action::Revoke:
        return revoke();
    }
}

void TokenCommand::create()
{
    const TokenSpec spec {m_tokenName, m_role, m_lifetime};
    context().admin->createToken(spec, this, [this](const AdminResult<CreatedToken> &result) {
        if (!result.ok())
            return fail(u"cannot create token %1"_s.arg(m_tokenName), result.error);
        const CreatedToken &created = *result.value;
        printErr(u"Created token %1 (%2)%3. It is shown only now; keep it somewhere safe:"_s.arg(
            created.token.name, roleName(created.token.role),
            created.token.expiresAt.isValid() ? u", expires %1"_s.arg(formatTimestamp(created.token.expiresAt))
                                              : QString()));
        printOut(created.secret);
        finish(Ok);
    });
}

void TokenCommand::list()
{
    context().admin->listTokens(this, [this](const AdminResult<TokenList> &result) {
        if (!result.ok())
            return fail(u"cannot list tokens"_s, result.error);
        if (context().json) {
            printJson(result.value->toJson());
            return finish(Ok);
        }
        TextTable table({u"NAME"_s, u"ROLE"_s, u"CREATED"_s, u"LAST USED"_s, u"EXPIRES"_s});
        for (const AccessTokenInfo &token : result.value->tokens)
            table.addRow({token.name, roleName(token.role), formatTimestamp(token.createdAt),
                          timeOr(token.lastUsedAt, u"never"_s), timeOr(token.expiresAt, u"never"_s)});
        for (const QString &line : table.render())
            printOut(line);
        finish(Ok);
    });
}

void TokenCommand::revoke()
{
    context().admin->revokeToken(m_tokenName, this, [this](const AdminResult<AdminClient::Empty> &result) {
        if (!result.ok())
            return fail(u"cannot revoke token %1"_s.arg(m_tokenName), result.error);
        printOut(u"Revoked token %1; it is refused from its next request on."_s.arg(m_tokenName));
        finish(Ok);
    });
}

} // namespace keyright::cli
