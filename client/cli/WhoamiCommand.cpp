#include "WhoamiCommand.h"

#include "AdminClient.h"
#include "ExitCode.h"
#include "Timestamps.h"

using namespace Qt::StringLiterals;

namespace keyright::cli {

QString WhoamiCommand::name() const
{
    return u"whoami"_s;
}

QString WhoamiCommand::summary() const
{
    return u"Show the name and role of the access token in use."_s;
}

QString WhoamiCommand::synopsis() const
{
    return u"[--json]"_s;
}

void WhoamiCommand::addOptions(QCommandLineParser &) const { }

QString WhoamiCommand::prepare(const QCommandLineParser &, const QStringList &arguments)
{
    if (!arguments.isEmpty())
        return u"takes no arguments, got \"%1\""_s.arg(arguments.join(u' '));
    return {};
}

void WhoamiCommand::start()
{
    context().admin->whoami(this, [this](const AdminResult<AccessTokenInfo> &result) {
        if (!result.ok())
            return fail(u"cannot ask who this token is"_s, result.error);
        const AccessTokenInfo &token = *result.value;
        if (context().json) {
            printJson(token.toJson());
            return finish(Ok);
        }
        printOut(u"%1 (%2)"_s.arg(token.name, roleName(token.role)));
        if (token.expiresAt.isValid())
            printOut(u"expires %1"_s.arg(formatTimestamp(token.expiresAt)));
        finish(Ok);
    });
}

} // namespace keyright::cli
