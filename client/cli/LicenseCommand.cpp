#include "LicenseCommand.h"

#include "AdminClient.h"
#include "ExitCode.h"
#include "LeaseJson.h"
#include "SeatDecision.h"
#include "SeatPolicy.h"
#include "SeatRules.h"
#include "SecretBuffer.h"
#include "TextTable.h"
#include "TimeArgument.h"
#include "Timestamps.h"

#include <QCommandLineParser>
#include <QJsonArray>

#include <tuple>

using namespace Qt::StringLiterals;

namespace keyright::cli {

namespace {

const QStringList borrowOptions = {u"borrow"_s,     u"no-borrow"_s,           u"borrow-max-days"_s,
                                   u"borrow-max"_s, u"borrow-keep-on-site"_s, u"borrow-groups"_s};
const QStringList fieldOptions = QStringList {u"name"_s,  u"seats"_s,      u"ttl"_s,         u"skew"_s,
                                              u"grace"_s, u"valid-from"_s, u"valid-until"_s, u"maintenance-until"_s}
    + borrowOptions;

// A license date as the listing shows it: the UTC day, with the time when it is not midnight.
QString dateText(const QDateTime &time)
{
    if (!time.isValid())
        return u"-"_s;
    const QDateTime utc = time.toUTC();
    return utc.time() == QTime(0, 0) ? utc.date().toString(Qt::ISODate) : utc.toString(u"yyyy-MM-dd HH:mm:ss'Z'"_s);
}

} // namespace

QString LicenseCommand::name() const
{
    return u"license"_s;
}

QString LicenseCommand::summary() const
{
    return u"Create, change, list licenses and rotate their keys."_s;
}

QString LicenseCommand::synopsis() const
{
    return u"create ID --name NAME --seats N [--ttl 60s] [--skew 5s] [--grace 15s] [--valid-from T]\n"
           u"           [--valid-until T] [--maintenance-until T] [--borrow [--borrow-max-days N]\n"
           u"           [--borrow-max N] [--borrow-keep-on-site N] [--borrow-groups G,...]] [--key-file FILE]\n"
           u"       keyright license set ID [--name NAME] [--seats N] [--ttl D] [--skew D] [--grace D]\n"
           u"           [--valid-from T|none] [--valid-until T|none] [--maintenance-until T|none]\n"
           u"           [--borrow|--no-borrow] [--borrow-max-days N] [--borrow-max N]\n"
           u"           [--borrow-keep-on-site N] [--borrow-groups G,...|none]\n"
           u"       keyright license rotate-key ID [--key-file FILE]\n"
           u"       keyright license list [--json]"_s;
}

void LicenseCommand::addOptions(QCommandLineParser &parser) const
{
    parser.addPositionalArgument(u"ACTION"_s, u"create, set, rotate-key or list."_s);
    parser.addPositionalArgument(u"ID"_s, u"The license id ([a-z0-9][a-z0-9-]{0,63}); not for list."_s, u"[ID]"_s);
    parser.addOption({u"name"_s, u"Display name."_s, u"NAME"_s});
    parser.addOption({u"seats"_s, u"Number of seats (1 to %1)."_s.arg(SeatPolicy::maxSeatCount), u"N"_s});
    parser.addOption({u"ttl"_s, u"Lease lifetime (create default 60s)."_s, u"DURATION"_s});
    parser.addOption({u"skew"_s, u"Clock tolerance after expiry (create default 5s)."_s, u"DURATION"_s});
    parser.addOption({u"grace"_s,
                      u"How long an expired row stays before reaping; more than skew (create default 15s)."_s,
                      u"DURATION"_s});
    parser.addOption({u"valid-from"_s,
                      u"First moment the license may be used, UTC (2027-01-01 or 2027-01-01T08:00:00Z); "
                      u"set: none removes it."_s,
                      u"TIME"_s});
    parser.addOption({u"valid-until"_s,
                      u"Moment the license stops, UTC; a date is its start (00:00Z), from which checkouts are "
                      u"refused; set: none removes it."_s,
                      u"TIME"_s});
    parser.addOption(
        {u"maintenance-until"_s, u"End of maintenance, UTC (only shown); set: none removes it."_s, u"TIME"_s});
    parser.addOption({u"borrow"_s, u"Allow borrowing seats offline (keyright borrow)."_s});
    parser.addOption({u"no-borrow"_s,
                      u"set: stop allowing borrowing (seats already borrowed stay until they "
                      u"come back or expire)."_s});
    parser.addOption({u"borrow-max-days"_s,
                      u"Longest borrow, whole days (1 to %1; create default %2)."_s.arg(BorrowPolicy::maxDaysLimit)
                          .arg(BorrowPolicy::defaultMaxDays),
                      u"N"_s});
    parser.addOption({u"borrow-max"_s,
                      u"Most seats borrowed at once (1 to %1; create default %2)."_s.arg(SeatPolicy::maxSeatCount)
                          .arg(BorrowPolicy::defaultMaxBorrowed),
                      u"N"_s});
    parser.addOption({u"borrow-keep-on-site"_s,
                      u"Seats borrowing never takes, kept for checkouts on site (0 to %1; create default 0)."_s.arg(
                          SeatPolicy::maxSeatCount),
                      u"N"_s});
    parser.addOption({u"borrow-groups"_s,
                      u"Only members of these holder groups may borrow, separated by commas (create default: "
                      u"anyone); set: none lets anyone."_s,
                      u"GROUPS"_s});
    parser.addOption({u"key-file"_s,
                      u"create, rotate-key: write the new key to FILE (mode 0600) instead of "
                      u"printing it."_s,
                      u"FILE"_s});
}

QString LicenseCommand::prepare(const QCommandLineParser &parser, const QStringList &arguments)
{
    if (arguments.isEmpty())
        return u"expects an action: create, set, rotate-key or list"_s;
    const QString action = arguments.constFirst();
    if (action == u"create"_s)
        m_action = Action::Create;
    else if (action == u"set"_s)
        m_action = Action::Set;
    else if (action == u"rotate-key"_s)
        m_action = Action::RotateKey;
    else if (action == u"list"_s)
        m_action = Action::List;
    else
        return u"unknown action \"%1\" (create, set, rotate-key or list)"_s.arg(action);

    const auto refuse = [&parser, &action](const QStringList &options) -> QString {
        for (const QString &option : options) {
            if (parser.isSet(option))
                return u"--%1 does not apply to license %2"_s.arg(option, action);
        }
        return {};
    };
    if (m_action == Action::List) {
        if (arguments.size() != 1)
            return u"license list takes no ID"_s;
        return refuse(fieldOptions + QStringList {u"key-file"_s});
    }
    if (arguments.size() != 2)
        return u"license %1 expects exactly one ID"_s.arg(action);
    m_licenseId = arguments.at(1);
    if (!isValidLicenseId(m_licenseId))
        return u"\"%1\" is not a license id ([a-z0-9][a-z0-9-]{0,63})"_s.arg(m_licenseId);
    if (parser.isSet(u"json"_s))
        return u"--json applies to license list only"_s;
    m_keyFile = parser.value(u"key-file"_s);
    if (m_action == Action::RotateKey)
        return refuse(fieldOptions);
    if (m_action == Action::Set) {
        if (const QString problem = refuse({u"key-file"_s}); !problem.isEmpty())
            return problem;
        if (std::none_of(fieldOptions.cbegin(), fieldOptions.cend(),
                         [&parser](const QString &option) { return parser.isSet(option); }))
            return u"license set needs at least one of --name, --seats, --ttl, --skew, --grace, --valid-from, "
                   u"--valid-until, --maintenance-until, --borrow, --no-borrow, --borrow-max-days, --borrow-max, "
                   u"--borrow-keep-on-site, --borrow-groups"_s;
    }
    if (m_action == Action::Create && (!parser.isSet(u"name"_s) || !parser.isSet(u"seats"_s)))
        return u"license create needs --name and --seats"_s;

    if (parser.isSet(u"name"_s)) {
        m_name = parser.value(u"name"_s).trimmed();
        if (m_name->isEmpty())
            return u"--name must not be empty"_s;
    }
    if (parser.isSet(u"seats"_s)) {
        bool ok = false;
        const int seats = parser.value(u"seats"_s).toInt(&ok);
        if (!ok || seats < 1 || seats > SeatPolicy::maxSeatCount)
            return u"--seats: \"%1\" is not a whole number from 1 to %2"_s.arg(parser.value(u"seats"_s))
                .arg(SeatPolicy::maxSeatCount);
        m_seats = seats;
    }
    const auto seconds
        = [&parser](const QString &option, std::chrono::seconds minimum, std::optional<qint64> &into, QString *why) {
              if (!parser.isSet(option))
                  return true;
              const auto value = parseSeconds(option, parser.value(option), minimum, why);
              if (value)
                  into = value->count();
              return value.has_value();
          };
    QString why;
    if (!seconds(u"ttl"_s, std::chrono::seconds {1}, m_ttl, &why) || !seconds(u"skew"_s, {}, m_skew, &why)
        || !seconds(u"grace"_s, std::chrono::seconds {1}, m_grace, &why))
        return why;
    for (const auto &[option, into] :
         {std::pair {u"valid-from"_s, &m_validFrom}, std::pair {u"valid-until"_s, &m_validUntil},
          std::pair {u"maintenance-until"_s, &m_maintenanceUntil}}) {
        if (!parser.isSet(option))
            continue;
        const QString text = parser.value(option).trimmed();
        if (text == u"none"_s && m_action == Action::Set) {
            *into = QDateTime();
            continue;
        }
        const auto time = parseTimeArgument(text, QTimeZone::utc(), false);
        if (!time)
            return u"--%1: \"%2\" is not a time (try 2027-03-31, 2027-03-31T18:00:00Z%3)"_s.arg(
                option, text, m_action == Action::Set ? u" or none"_s : QString());
        *into = *time;
    }
    if (m_validFrom && m_validUntil && m_validFrom->isValid() && m_validUntil->isValid()
        && *m_validUntil <= *m_validFrom)
        return u"--valid-until must be after --valid-from"_s;
    return prepareBorrow(parser);
}

QString LicenseCommand::prepareBorrow(const QCommandLineParser &parser)
{
    if (parser.isSet(u"borrow"_s) && parser.isSet(u"no-borrow"_s))
        return u"--borrow and --no-borrow contradict each other: give one"_s;
    if (parser.isSet(u"borrow"_s))
        m_borrowAllowed = true;
    if (parser.isSet(u"no-borrow"_s)) {
        if (m_action == Action::Create)
            return u"--no-borrow applies to license set only (a new license lends nothing without --borrow)"_s;
        m_borrowAllowed = false;
    }
    // The bounds the server's policy decoder (wire/BorrowJson) and the license dialog hold.
    for (const auto &[option, minimum, maximum, into] :
         {std::tuple {u"borrow-max-days"_s, 1, BorrowPolicy::maxDaysLimit, &m_borrowMaxDays},
          std::tuple {u"borrow-max"_s, 1, SeatPolicy::maxSeatCount, &m_borrowMax},
          std::tuple {u"borrow-keep-on-site"_s, 0, SeatPolicy::maxSeatCount, &m_borrowKeepOnSite}}) {
        if (!parser.isSet(option))
            continue;
        if (m_action == Action::Create && !m_borrowAllowed)
            return u"--%1 needs --borrow (a new license lends nothing without it)"_s.arg(option);
        bool ok = false;
        const int value = parser.value(option).trimmed().toInt(&ok);
        if (!ok || value < minimum || value > maximum)
            return u"--%1: \"%2\" is not a whole number from %3 to %4"_s.arg(option, parser.value(option))
                .arg(minimum)
                .arg(maximum);
        *into = value;
    }
    if (parser.isSet(u"borrow-groups"_s)) {
        if (m_action == Action::Create && !m_borrowAllowed)
            return u"--borrow-groups needs --borrow (a new license lends nothing without it)"_s;
        const QString text = parser.value(u"borrow-groups"_s).trimmed();
        QStringList groups;
        if (text != u"none"_s || m_action == Action::Create) {
            for (const QString &part : text.split(u',')) {
                const QString group = part.trimmed();
                if (!isValidGroupName(group))
                    return u"--borrow-groups: \"%1\" is not a group name (letters, digits, . _ - ; separate "
                           u"groups with commas%2)"_s.arg(group, m_action == Action::Set ? u", or none"_s : QString());
                if (groups.contains(group))
                    return u"--borrow-groups: the group \"%1\" is named twice"_s.arg(group);
                groups.append(group);
            }
            if (groups.size() > SeatRules::maxGroups)
                return u"--borrow-groups: names %1 groups, at most %2"_s.arg(groups.size()).arg(SeatRules::maxGroups);
        }
        m_borrowGroups = groups;
    }
    return {};
}

bool LicenseCommand::borrowGiven() const
{
    return m_borrowAllowed || m_borrowMaxDays || m_borrowMax || m_borrowKeepOnSite || m_borrowGroups;
}

void LicenseCommand::applyBorrow(LicenseSpec &spec, const BorrowPolicy &current) const
{
    spec.borrow = current;
    if (!borrowGiven())
        return;
    spec.given |= LicenseSpec::Member::Borrow;
    BorrowPolicy &policy = spec.borrow;
    policy.allowed = m_borrowAllowed.value_or(current.allowed);
    policy.maxDays = m_borrowMaxDays.value_or(current.maxDays);
    policy.maxBorrowed = m_borrowMax.value_or(current.maxBorrowed);
    policy.keepOnSite = m_borrowKeepOnSite.value_or(current.keepOnSite);
    policy.groups = m_borrowGroups.value_or(current.groups);
    // Switched on with numbers never set: the dialog's defaults, as the options say.
    if (policy.allowed && policy.maxDays < 1)
        policy.maxDays = BorrowPolicy::defaultMaxDays;
    if (policy.allowed && policy.maxBorrowed < 1)
        policy.maxBorrowed = BorrowPolicy::defaultMaxBorrowed;
}

QString LicenseCommand::borrowColumn(const BorrowPolicy &policy)
{
    if (!policy.allowed)
        return u"-"_s;
    QString text = u"%1d x%2"_s.arg(policy.maxDays).arg(policy.maxBorrowed);
    if (policy.keepOnSite > 0)
        text += u" keep %1"_s.arg(policy.keepOnSite);
    if (!policy.groups.isEmpty())
        text += u" [%1]"_s.arg(policy.groups.join(u','));
    return text;
}

QString LicenseCommand::describeBorrow(const BorrowPolicy &policy)
{
    if (!policy.allowed)
        return u"no borrowing"_s;
    QString text = u"borrowing for at most %1, %2 at once"_s.arg(countOf(policy.maxDays, u"day"_s, u"days"_s),
                                                                 countOf(policy.maxBorrowed, u"seat"_s, u"seats"_s));
    if (policy.keepOnSite > 0)
        text += u", %1 kept on site"_s.arg(policy.keepOnSite);
    if (!policy.groups.isEmpty())
        text += u", groups %1"_s.arg(policy.groups.join(u','));
    return text;
}

QString LicenseCommand::borrowWarning(const BorrowPolicy &policy, int seatCount)
{
    // Accepted (the seats may be raised later), but a policy that lends nothing is said, as the
    // license dialog says it in amber.
    if (!policy.allowed || policy.keepOnSite < seatCount)
        return {};
    if (policy.keepOnSite > seatCount)
        return u"keeping %1 seats on site, more than the %2 the license has, leaves none to borrow: keep fewer "
               u"(--borrow-keep-on-site), or switch borrowing off (--no-borrow)"_s.arg(policy.keepOnSite)
                   .arg(seatCount);
    return u"keeping all %1 on site leaves none to borrow: keep fewer (--borrow-keep-on-site), or switch "
           u"borrowing off (--no-borrow)"_s.arg(countOf(seatCount, u"seat"_s, u"seats"_s));
}

void LicenseCommand::warnAboutBorrow(const LicenseSummary &license)
{
    if (const QString warning = borrowWarning(license.borrow, int(license.seatCount)); !warning.isEmpty())
        printErr(u"keyright license: warning: %1"_s.arg(warning));
}

void LicenseCommand::start()
{
    switch (m_action) {
    case Action::Create:
        return create();
    case Action::Set:
        return set();
    case Action::RotateKey:
        return rotateKey();
    case Action::List:
        return list();
    }
}

QString LicenseCommand::describe(const LicenseSummary &license)
{
    return u"%1 \"%2\": %3, ttl %4, skew %5, reap grace %6%7, %8"_s.arg(license.id, license.name)
        .arg(countOf(license.seatCount, u"seat"_s, u"seats"_s))
        .arg(formatSeconds(license.ttlSeconds), formatSeconds(license.skewSeconds),
             formatSeconds(license.reapGraceSeconds), describeDates(license.validity), describeBorrow(license.borrow));
}

QString LicenseCommand::describeDates(const LicenseValidity &validity)
{
    QString text;
    if (validity.validFrom.isValid())
        text += u", valid from %1"_s.arg(dateText(validity.validFrom));
    if (validity.validUntil.isValid())
        text += u", valid until %1"_s.arg(dateText(validity.validUntil));
    if (validity.maintenanceUntil.isValid())
        text += u", maintenance until %1"_s.arg(dateText(validity.maintenanceUntil));
    return text;
}

void LicenseCommand::applyDates(LicenseSpec &spec, const LicenseValidity &validity) const
{
    spec.validity = validity;
    using M = LicenseSpec::Member;
    for (const auto &[given, target, member] :
         {std::tuple {&m_validFrom, &spec.validity.validFrom, M::ValidFrom},
          std::tuple {&m_validUntil, &spec.validity.validUntil, M::ValidUntil},
          std::tuple {&m_maintenanceUntil, &spec.validity.maintenanceUntil, M::MaintenanceUntil}}) {
        if (*given) {
            *target = **given;
            spec.given |= member;
        }
    }
}

void LicenseCommand::create()
{
    // PUT creates or replaces; create must never silently change an existing license.
    context().admin->listLicenses(this, [this](const AdminResult<LicenseList> &existing) {
        if (!existing.ok())
            return fail(u"cannot list licenses"_s, existing.error);
        for (const LicenseSummary &license : existing.value->licenses) {
            if (license.id == m_licenseId)
                return failWith(
                    Failure, u"license \"%1\" already exists (change it with keyright license set)"_s.arg(m_licenseId));
        }
        LicenseSpec spec;
        spec.id = m_licenseId;
        spec.name = *m_name;
        spec.seatCount = *m_seats;
        spec.ttlSeconds = m_ttl.value_or(spec.ttlSeconds);
        spec.skewSeconds = m_skew.value_or(spec.skewSeconds);
        spec.reapGraceSeconds = m_grace.value_or(spec.reapGraceSeconds);
        applyDates(spec, {});
        applyBorrow(spec, {});
        context().admin->putLicense(spec, this, [this](const AdminResult<LicenseWriteResult> &result) {
            if (!result.ok())
                return fail(u"cannot create license %1"_s.arg(m_licenseId), result.error);
            if (!result.value->created)
                return failWith(Failure,
                                u"license \"%1\" was created by someone else meanwhile and has now been "
                                u"updated: %2"_s.arg(m_licenseId, describe(result.value->license)));
            printOut(u"Created license %1."_s.arg(describe(result.value->license)));
            warnAboutBorrow(result.value->license);
            deliverKey(result.value->key);
        });
    });
}

void LicenseCommand::set()
{
    context().admin->listLicenses(this, [this](const AdminResult<LicenseList> &existing) {
        if (!existing.ok())
            return fail(u"cannot list licenses"_s, existing.error);
        const auto it = std::find_if(existing.value->licenses.cbegin(), existing.value->licenses.cend(),
                                     [this](const LicenseSummary &license) { return license.id == m_licenseId; });
        if (it == existing.value->licenses.cend())
            return failWith(NotFound,
                            u"license \"%1\" not found (create it with keyright license create)"_s.arg(m_licenseId));
        LicenseSpec spec;
        spec.id = it->id;
        spec.name = m_name.value_or(it->name);
        spec.seatCount = m_seats.value_or(it->seatCount);
        spec.ttlSeconds = m_ttl.value_or(it->ttlSeconds);
        spec.skewSeconds = m_skew.value_or(it->skewSeconds);
        spec.reapGraceSeconds = m_grace.value_or(it->reapGraceSeconds);
        applyDates(spec, it->validity);
        applyBorrow(spec, it->borrow);
        const LicenseSummary before = *it;
        context().admin->putLicense(spec, this, [this, before](const AdminResult<LicenseWriteResult> &result) {
            if (!result.ok())
                return fail(u"cannot change license %1"_s.arg(m_licenseId), result.error);
            printOut(u"Updated license %1."_s.arg(describe(result.value->license)));
            warnAboutBorrow(result.value->license);
            if (result.value->license.seatCount < result.value->license.inUse)
                printOut(u"%1 seats are in use: current holders keep them until they leave."_s.arg(
                    result.value->license.inUse));
            finish(Ok);
        });
    });
}

void LicenseCommand::rotateKey()
{
    context().admin->rotateKey(m_licenseId, this, [this](const AdminResult<QString> &result) {
        if (!result.ok())
            return fail(u"cannot rotate the key of %1"_s.arg(m_licenseId), result.error);
        printOut(u"Rotated the key of %1: the old key no longer works for new requests."_s.arg(m_licenseId));
        deliverKey(*result.value);
    });
}

void LicenseCommand::deliverKey(const QString &key)
{
    if (m_keyFile.isEmpty()) {
        printOut(u"License key (shown only now; the server keeps only its hash):"_s);
        printOut(key);
        return finish(Ok);
    }
    SecretBuffer bytes = SecretBuffer::copyOf(key.toLatin1());
    QString why;
    if (!writeSecretFile(m_keyFile, bytes.view(), &why))
        return failWith(
            Failure, u"the key was issued but could not be written to %1: %2 (rotate it again)"_s.arg(m_keyFile, why));
    printOut(u"License key written to %1 (mode 0600)."_s.arg(m_keyFile));
    finish(Ok);
}

void LicenseCommand::list()
{
    context().admin->listLicenses(this, [this](const AdminResult<LicenseList> &result) {
        if (!result.ok())
            return fail(u"cannot list licenses"_s, result.error);
        if (context().json) {
            printJson(result.value->toJson());
            return finish(Ok);
        }
        if (result.value->licenses.isEmpty()) {
            printOut(u"No licenses (create one with keyright license create)."_s);
            return finish(Ok);
        }
        TextTable table({u"ID"_s, u"NAME"_s, u"IN USE"_s, u"SEATS"_s, u"TTL"_s, u"SKEW"_s, u"GRACE"_s, u"DENIED 1H"_s,
                         u"VALID FROM"_s, u"VALID UNTIL"_s, u"MAINTENANCE"_s, u"BORROWED"_s, u"BORROWING"_s});
        for (int column : {2, 3, 7, 11})
            table.setRightAligned(column);
        for (const LicenseSummary &license : result.value->licenses)
            table.addRow({license.id, license.name, QString::number(license.inUse), QString::number(license.seatCount),
                          formatSeconds(license.ttlSeconds), formatSeconds(license.skewSeconds),
                          formatSeconds(license.reapGraceSeconds), QString::number(license.deniedLastHour),
                          dateText(license.validity.validFrom), dateText(license.validity.validUntil),
                          dateText(license.validity.maintenanceUntil), QString::number(license.borrowed),
                          borrowColumn(license.borrow)});
        for (const QString &line : table.render())
            printOut(line);
        finish(Ok);
    });
}

} // namespace keyright::cli
