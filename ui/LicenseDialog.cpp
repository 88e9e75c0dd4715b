#include "LicenseDialog.h"

#include "LeaseJson.h"
#include "SeatPolicy.h"
#include "StatePalette.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

namespace keyright {

namespace {

constexpr int maxNameLength = 128; // as the server's RequestParsing

QSpinBox *secondsBox(int min, int max, QWidget *parent)
{
    auto *box = new QSpinBox(parent);
    box->setRange(min, max);
    box->setSuffix(LicenseDialog::tr(" s"));
    box->setAccelerated(true);
    return box;
}

} // namespace

LicenseDialog::LicenseDialog(const std::optional<LicenseSummary> &existing, const QSet<QString> &takenIds,
                             QWidget *parent)
    : QDialog(parent)
    , m_create(!existing)
    , m_taken(takenIds)
    , m_id(new QLineEdit(this))
    , m_name(new QLineEdit(this))
    , m_seats(new QSpinBox(this))
    , m_ttl(secondsBox(1, int(std::chrono::duration_cast<std::chrono::seconds>(SeatPolicy::maxTtl).count()), this))
    , m_skew(secondsBox(0, int(std::chrono::duration_cast<std::chrono::seconds>(SeatPolicy::maxSkew).count()), this))
    , m_grace(
          secondsBox(1, int(std::chrono::duration_cast<std::chrono::seconds>(SeatPolicy::maxReapGrace).count()), this))
    , m_message(new QLabel(this))
    , m_heartbeat(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(m_create ? tr("New license") : tr("Edit license %1").arg(existing->id));
    m_id->setObjectName(u"licenseId"_s);
    m_name->setObjectName(u"licenseName"_s);
    m_seats->setObjectName(u"seatCount"_s);
    m_ttl->setObjectName(u"ttl"_s);
    m_skew->setObjectName(u"skew"_s);
    m_grace->setObjectName(u"grace"_s);
    m_message->setObjectName(u"validationMessage"_s);

    m_id->setPlaceholderText(tr("e.g. acme-cad"));
    m_id->setMaxLength(64);
    m_name->setPlaceholderText(tr("e.g. ACME CAD"));
    m_name->setMaxLength(maxNameLength);
    m_seats->setRange(1, SeatPolicy::maxSeatCount);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(u"color: %1;"_s.arg(StatePalette::colour(StatePalette::Failed).name()));
    m_heartbeat->setWordWrap(true);
    m_heartbeat->setStyleSheet(u"color: palette(mid);"_s);

    if (existing) {
        m_id->setText(existing->id);
        m_id->setReadOnly(true);
        m_id->setEnabled(false);
        m_name->setText(existing->name);
        m_seats->setValue(existing->seatCount);
        m_ttl->setValue(int(existing->ttlSeconds));
        m_skew->setValue(int(existing->skewSeconds));
        m_grace->setValue(int(existing->reapGraceSeconds));
    } else {
        m_seats->setValue(10);
        m_ttl->setValue(60);
        m_skew->setValue(5);
        m_grace->setValue(15);
    }

    auto *form = new QFormLayout;
    form->addRow(tr("License &id:"), m_id);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Seats:"), m_seats);
    form->addRow(tr("Lease &TTL:"), m_ttl);
    form->addRow(tr("Clock s&kew tolerated:"), m_skew);
    form->addRow(tr("Reap &grace:"), m_grace);
    m_ttl->setToolTip(tr("How long a lease lasts without a heartbeat. Clients renew at about a third of it."));
    m_skew->setToolTip(tr("How long an expired lease still counts, to absorb clock differences."));
    m_grace->setToolTip(tr("How long after its expiry the reaper deletes a lease row. Must exceed the skew."));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_heartbeat);
    layout->addWidget(m_message);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Ok)->setText(m_create ? tr("Create") : tr("Save"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    for (QLineEdit *edit : {m_id, m_name})
        connect(edit, &QLineEdit::textChanged, this, &LicenseDialog::revalidate);
    for (QSpinBox *box : {m_seats, m_ttl, m_skew, m_grace})
        connect(box, &QSpinBox::valueChanged, this, &LicenseDialog::revalidate);
    revalidate();
    resize(440, sizeHint().height());
}

LicenseSpec LicenseDialog::spec() const
{
    LicenseSpec s;
    s.id = m_id->text().trimmed();
    s.name = m_name->text().trimmed();
    s.seatCount = m_seats->value();
    s.ttlSeconds = m_ttl->value();
    s.skewSeconds = m_skew->value();
    s.reapGraceSeconds = m_grace->value();
    return s;
}

QString LicenseDialog::validationMessage() const
{
    return m_message->text();
}

QString LicenseDialog::validate(const LicenseSpec &spec, bool create, const QSet<QString> &takenIds, QString *field)
{
    const auto fail = [field](const QString &f, const QString &message) {
        if (field)
            *field = f;
        return message;
    };
    if (spec.id.isEmpty())
        return fail(u"id"_s, tr("Enter a license id."));
    if (!isValidLicenseId(spec.id))
        return fail(u"id"_s,
                    tr("The license id may use lowercase letters, digits and dashes (not first), "
                       "at most 64 characters."));
    if (create && takenIds.contains(spec.id))
        return fail(u"id"_s, tr("A license with the id \"%1\" already exists.").arg(spec.id));
    if (spec.name.isEmpty())
        return fail(u"name"_s, tr("Enter a name people will recognize."));
    if (spec.name.size() > maxNameLength)
        return fail(u"name"_s, tr("The name may have at most %1 characters.").arg(maxNameLength));
    for (const QChar c : spec.name) {
        if (c.category() == QChar::Other_Control)
            return fail(u"name"_s, tr("The name may not contain control characters."));
    }
    if (spec.reapGraceSeconds <= spec.skewSeconds)
        return fail(u"reapGraceSeconds"_s,
                    tr("The reap grace (%1 s) must be longer than the skew (%2 s): otherwise the reaper could delete "
                       "a seat the server still counts.")
                        .arg(spec.reapGraceSeconds)
                        .arg(spec.skewSeconds));
    ValidationError error;
    if (!SeatPolicy::create(spec.seatCount, std::chrono::seconds {spec.ttlSeconds},
                            std::chrono::seconds {spec.skewSeconds}, std::chrono::seconds {spec.reapGraceSeconds},
                            &error))
        return fail(error.field, error.message);
    return {};
}

void LicenseDialog::revalidate()
{
    QString field;
    const LicenseSpec s = spec();
    const QString message = validate(s, m_create, m_taken, &field);
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(message.isEmpty());
    const QString bad = u"border: 1px solid %1;"_s.arg(StatePalette::colour(StatePalette::Failed).name());
    m_id->setStyleSheet(field == u"id" ? bad : QString());
    m_name->setStyleSheet(field == u"name" ? bad : QString());
    m_grace->setStyleSheet(field == u"reapGraceSeconds" ? bad : QString());
    m_heartbeat->setText(tr("Clients will renew about every %1 s; a crashed client's seat is free after %2 s "
                            "and its row is reaped after %3 s.")
                             .arg(std::max<qint64>(1, s.ttlSeconds / 3))
                             .arg(s.ttlSeconds + s.skewSeconds)
                             .arg(s.ttlSeconds + s.reapGraceSeconds));
}

} // namespace keyright
