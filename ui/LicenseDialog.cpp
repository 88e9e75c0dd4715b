#include "LicenseDialog.h"

#include "GroupsDialog.h"
#include "LeaseJson.h"
#include "ScreenFit.h"
#include "SeatPolicy.h"
#include "StatePalette.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QTableWidget>
#include <QToolButton>
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

QLabel *fieldMessage(const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setStyleSheet(u"color: %1;"_s.arg(StatePalette::colour(StatePalette::Failed).name()));
    label->hide();
    return label;
}

// Which list of the rules a validateRules() field names: "reserve[1].seats" -> "reserve".
QString ruleList(const QString &field)
{
    const qsizetype end = field.indexOf(QRegularExpression(u"[\\[.]"_s));
    return end < 0 ? field : field.left(end);
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
    , m_allow(new QLineEdit(this))
    , m_deny(new QLineEdit(this))
    , m_reserve(seatsTable(u"reserveTable"_s))
    , m_max(seatsTable(u"maxTable"_s))
    , m_addReserve(new QPushButton(tr("Add a &reservation"), this))
    , m_addMax(new QPushButton(tr("Add a ca&p"), this))
    , m_editGroups(new QPushButton(tr("Holder gro&ups…"), this))
    , m_groupsSummary(new QLabel(this))
    , m_allowMessage(fieldMessage(u"allowMessage"_s, this))
    , m_denyMessage(fieldMessage(u"denyMessage"_s, this))
    , m_reserveMessage(fieldMessage(u"reserveMessage"_s, this))
    , m_maxMessage(fieldMessage(u"maxMessage"_s, this))
    , m_maxNote(new QLabel(this))
    , m_readOnlyNote(new QLabel(this))
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

    m_allow->setObjectName(u"allowList"_s);
    m_deny->setObjectName(u"denyList"_s);
    m_editGroups->setObjectName(u"editGroups"_s);
    m_addReserve->setObjectName(u"addReservation"_s);
    m_addMax->setObjectName(u"addCap"_s);
    m_groupsSummary->setObjectName(u"groupsSummary"_s);
    m_groupsSummary->setWordWrap(true);
    m_allow->setPlaceholderText(tr("Anyone (or groups and holder patterns, separated by spaces)"));
    m_deny->setPlaceholderText(tr("Nobody (or groups and holder patterns, separated by spaces)"));
    m_allow->setToolTip(tr("When set, only these groups and holders (and members of a reserving group) may check "
                           "out."));
    m_deny->setToolTip(tr("These groups and holders never get a seat, whatever else matches."));
    // Not an error (the server accepts it), but a cap of 0 shuts its group out: said in words.
    m_maxNote->setObjectName(u"maxNote"_s);
    m_maxNote->setWordWrap(true);
    m_maxNote->setStyleSheet(u"color: %1;"_s.arg(StatePalette::colour(StatePalette::Pending).name()));
    m_maxNote->hide();
    m_readOnlyNote->setObjectName(u"readOnlyNote"_s);
    m_readOnlyNote->setWordWrap(true);
    m_readOnlyNote->hide();

    auto *groupsRow = new QHBoxLayout;
    groupsRow->addWidget(m_groupsSummary, 1);
    groupsRow->addWidget(m_editGroups);
    auto *rulesForm = new QFormLayout;
    const auto withMessage = [this](QWidget *field, QLabel *message) {
        auto *box = new QWidget(this);
        auto *v = new QVBoxLayout(box);
        v->setContentsMargins(0, 0, 0, 0);
        v->setSpacing(2);
        v->addWidget(field);
        v->addWidget(message);
        return box;
    };
    const auto tableWithButton = [this](QTableWidget *table, QPushButton *add, QLabel *message, QLabel *note) {
        auto *box = new QWidget(this);
        auto *v = new QVBoxLayout(box);
        v->setContentsMargins(0, 0, 0, 0);
        v->setSpacing(2);
        v->addWidget(table);
        auto *h = new QHBoxLayout;
        h->addWidget(add);
        h->addStretch(1);
        v->addLayout(h);
        v->addWidget(message);
        if (note)
            v->addWidget(note);
        v->addStretch(1); // spare height below the message, not between the table and it
        return box;
    };
    rulesForm->addRow(tr("&Allow:"), withMessage(m_allow, m_allowMessage));
    rulesForm->addRow(tr("&Deny:"), withMessage(m_deny, m_denyMessage));
    rulesForm->addRow(tr("Reserve:"), tableWithButton(m_reserve, m_addReserve, m_reserveMessage, nullptr));
    rulesForm->addRow(tr("At most:"), tableWithButton(m_max, m_addMax, m_maxMessage, m_maxNote));
    auto *rulesBox = new QGroupBox(tr("Seat rules"), this);
    rulesBox->setObjectName(u"rulesBox"_s);
    auto *rulesLayout = new QVBoxLayout(rulesBox);
    rulesLayout->addLayout(groupsRow);
    rulesLayout->addLayout(rulesForm);
    auto *precedence = new QLabel(tr("Deny comes first, then allow, then the caps, then the reservations: a "
                                     "reserved seat never goes to an outsider and a cap is never exceeded."),
                                  rulesBox);
    precedence->setWordWrap(true);
    precedence->setStyleSheet(u"color: palette(mid);"_s);
    rulesLayout->addWidget(precedence);

    auto *left = new QVBoxLayout;
    left->addLayout(form);
    left->addWidget(m_heartbeat);
    left->addWidget(m_message);
    left->addStretch(1);
    auto *columns = new QHBoxLayout;
    columns->addLayout(left, 2);
    columns->addWidget(rulesBox, 3);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(m_readOnlyNote);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Ok)->setText(m_create ? tr("Create") : tr("Save"));
    m_buttons->button(QDialogButtonBox::Ok)->setObjectName(u"okButton"_s);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    for (QLineEdit *edit : {m_id, m_name})
        connect(edit, &QLineEdit::textChanged, this, &LicenseDialog::revalidate);
    for (QSpinBox *box : {m_seats, m_ttl, m_skew, m_grace})
        connect(box, &QSpinBox::valueChanged, this, &LicenseDialog::revalidate);
    for (QLineEdit *edit : {m_allow, m_deny})
        connect(edit, &QLineEdit::textChanged, this, &LicenseDialog::revalidate);
    connect(m_addReserve, &QPushButton::clicked, this, [this] { addSeatsRow(m_reserve); });
    connect(m_addMax, &QPushButton::clicked, this, [this] { addSeatsRow(m_max); });
    connect(m_editGroups, &QPushButton::clicked, this, &LicenseDialog::editGroups);
    setRules({}, {});
    resizeWithinScreen(this, QSize(960, 540));
}

QTableWidget *LicenseDialog::seatsTable(const QString &objectName)
{
    auto *table = new QTableWidget(0, 3, this);
    table->setObjectName(objectName);
    table->setHorizontalHeaderLabels({tr("Group"), tr("Seats"), QString()});
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    table->verticalHeader()->hide();
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setMinimumHeight(table->horizontalHeader()->sizeHint().height() + 3 * (fontMetrics().height() + 14));
    table->setMaximumHeight(table->horizontalHeader()->sizeHint().height() + 4 * (fontMetrics().height() + 14));
    return table;
}

QString LicenseDialog::freeGroup(const QTableWidget *table) const
{
    QSet<QString> taken;
    for (const GroupSeats &row : seatsRows(table))
        taken.insert(row.group);
    for (const HolderGroup &g : std::as_const(m_groups)) {
        if (!taken.contains(g.name))
            return g.name;
    }
    return {};
}

void LicenseDialog::addSeatsRow(QTableWidget *table, const GroupSeats &row)
{
    GroupSeats seats = row;
    if (seats.group.isEmpty()) {
        // A new row starts valid: a group that has no row here yet, and one seat (a cap of 0 would
        // shut the group out before anyone chose to).
        seats.group = freeGroup(table);
        seats.seats = std::max(seats.seats, 1);
    }
    const int at = table->rowCount();
    table->insertRow(at);
    table->setRowHeight(at, fontMetrics().height() + 14);
    auto *group = new QComboBox(table);
    group->setEditable(true);
    group->setObjectName(u"group"_s);
    for (const HolderGroup &g : std::as_const(m_groups))
        group->addItem(g.name);
    group->setCurrentText(seats.group);
    group->setEnabled(!m_readOnly);
    auto *count = new QSpinBox(table);
    count->setObjectName(u"seats"_s);
    count->setRange(0, SeatPolicy::maxSeatCount);
    count->setValue(seats.seats > 0 || table == m_max ? seats.seats : 1);
    count->setEnabled(!m_readOnly);
    auto *remove = new QToolButton(table);
    remove->setText(tr("Remove", "a group's reservation or cap row"));
    remove->setEnabled(!m_readOnly);
    table->setCellWidget(at, 0, group);
    table->setCellWidget(at, 1, count);
    table->setCellWidget(at, 2, remove);
    // The header sized these columns when the row was inserted, before it had its widgets: a first
    // row added to an empty table had a Remove button cut to "emov".
    table->resizeColumnToContents(1);
    table->resizeColumnToContents(2);
    connect(group, &QComboBox::currentTextChanged, this, &LicenseDialog::revalidate);
    connect(count, &QSpinBox::valueChanged, this, &LicenseDialog::revalidate);
    connect(remove, &QToolButton::clicked, this, [this, table, remove] {
        for (int r = 0; r < table->rowCount(); ++r) {
            if (table->cellWidget(r, 2) == remove) {
                table->removeRow(r);
                break;
            }
        }
        revalidate();
    });
    revalidate();
}

QList<GroupSeats> LicenseDialog::seatsRows(const QTableWidget *table) const
{
    QList<GroupSeats> rows;
    for (int r = 0; r < table->rowCount(); ++r) {
        const auto *group = qobject_cast<QComboBox *>(table->cellWidget(r, 0));
        const auto *count = qobject_cast<QSpinBox *>(table->cellWidget(r, 1));
        if (group && count)
            rows << GroupSeats {group->currentText().trimmed(), count->value()};
    }
    return rows;
}

void LicenseDialog::setRules(const SeatRules &rules, const QList<HolderGroup> &groups)
{
    m_originalRules = rules;
    m_originalGroups = groups;
    m_groups = groups;
    {
        const QSignalBlocker allow(m_allow);
        const QSignalBlocker deny(m_deny);
        m_allow->setText(rules.allow.join(u' '));
        m_deny->setText(rules.deny.join(u' '));
    }
    for (QTableWidget *table : {m_reserve, m_max})
        table->setRowCount(0);
    for (const GroupSeats &r : rules.reserve)
        addSeatsRow(m_reserve, r);
    for (const GroupSeats &m : rules.max)
        addSeatsRow(m_max, m);
    refreshGroupChoices();
    revalidate();
}

SeatRules LicenseDialog::rules() const
{
    SeatRules r;
    r.allow = GroupsDialog::splitEntries(m_allow->text());
    r.deny = GroupsDialog::splitEntries(m_deny->text());
    r.reserve = seatsRows(m_reserve);
    r.max = seatsRows(m_max);
    // Not edited here yet: kept as loaded, so that saving the dialog does not drop it.
    r.reclaimIdle = m_originalRules.reclaimIdle;
    return r;
}

void LicenseDialog::refreshGroupChoices()
{
    QStringList names;
    for (const HolderGroup &g : std::as_const(m_groups))
        names << g.name;
    m_groupsSummary->setText(names.isEmpty() ? tr("No holder groups on this server yet.")
                                             : tr("Holder groups: %1").arg(names.join(u", "_s)));
    for (QTableWidget *table : {m_reserve, m_max}) {
        for (int r = 0; r < table->rowCount(); ++r) {
            auto *group = qobject_cast<QComboBox *>(table->cellWidget(r, 0));
            if (!group)
                continue;
            const QSignalBlocker blocker(group);
            const QString text = group->currentText();
            group->clear();
            group->addItems(names);
            group->setCurrentText(text);
        }
    }
}

void LicenseDialog::editGroups()
{
    // Window-modal over this dialog, and no exec(): the dashboard behind keeps polling.
    auto *dialog = new GroupsDialog(m_groups, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (m_readOnly)
        dialog->setReadOnly(m_readOnlyNote->text());
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (m_readOnly)
            return;
        m_groups = dialog->groups();
        refreshGroupChoices();
        revalidate();
    });
    Q_EMIT groupsDialogOpened(dialog);
    dialog->open();
}

void LicenseDialog::setReadOnly(const QString &why)
{
    m_readOnly = !why.isEmpty();
    for (QLineEdit *edit : {m_name, m_allow, m_deny})
        edit->setReadOnly(m_readOnly);
    for (QSpinBox *box : {m_seats, m_ttl, m_skew, m_grace})
        box->setReadOnly(m_readOnly);
    for (QTableWidget *table : {m_reserve, m_max}) {
        for (int r = 0; r < table->rowCount(); ++r) {
            for (int c = 0; c < 3; ++c) {
                if (QWidget *cell = table->cellWidget(r, c))
                    cell->setEnabled(!m_readOnly);
            }
        }
    }
    m_addReserve->setVisible(!m_readOnly);
    m_addMax->setVisible(!m_readOnly);
    // Still there: the groups can be read, not changed.
    m_editGroups->setText(m_readOnly ? tr("Show holder gro&ups…") : tr("Holder gro&ups…"));
    m_readOnlyNote->setText(why);
    m_readOnlyNote->setVisible(m_readOnly);
    m_buttons->setStandardButtons(m_readOnly ? QDialogButtonBox::Close
                                             : QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    if (!m_readOnly)
        m_buttons->button(QDialogButtonBox::Ok)->setText(m_create ? tr("Create") : tr("Save"));
    revalidate();
}

QString LicenseDialog::rulesMessage() const
{
    for (QLabel *label : {m_allowMessage, m_denyMessage, m_reserveMessage, m_maxMessage}) {
        if (!label->text().isEmpty())
            return label->text();
    }
    return {};
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
    QString message = validate(s, m_create, m_taken, &field);
    // The groups first: the rules are judged against them. Both as the server judges them, said in
    // the interface's language.
    ValidationError groupsError;
    if (message.isEmpty() && !validateGroups(m_groups, &groupsError))
        message = groupsError.localizedMessage();
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
    ValidationError rulesError;
    const bool rulesValid = validateRules(rules(), m_groups, s.seatCount, &rulesError);
    const QString list = rulesValid ? QString() : ruleList(rulesError.field);
    const QList<QPair<QString, QLabel *>> messages {{u"allow"_s, m_allowMessage},
                                                    {u"deny"_s, m_denyMessage},
                                                    {u"reserve"_s, m_reserveMessage},
                                                    {u"max"_s, m_maxMessage}};
    bool shown = rulesValid;
    for (const auto &[name, label] : messages) {
        const bool here = !rulesValid && (list == name || (!shown && name == u"max"_s));
        shown = shown || here;
        label->setText(here ? rulesError.localizedMessage() : QString());
        label->setVisible(here);
    }
    if (QPushButton *ok = m_buttons->button(QDialogButtonBox::Ok))
        ok->setEnabled(message.isEmpty() && rulesValid && !m_readOnly);
    // A new row needs a group of its own: without one left, say where groups are made.
    for (QPushButton *add : {m_addReserve, m_addMax}) {
        const bool room = !freeGroup(add == m_addReserve ? m_reserve : m_max).isEmpty();
        add->setEnabled(room);
        add->setToolTip(room ? QString()
                             : tr("Every holder group already has a row here: add a group with "
                                  "\"Holder groups…\" first."));
    }
    QStringList shutOut;
    for (const GroupSeats &cap : seatsRows(m_max)) {
        if (cap.seats == 0 && !cap.group.isEmpty())
            shutOut << cap.group;
    }
    m_maxNote->setText(shutOut.isEmpty()
                           ? QString()
                           : tr("At most 0 seats shuts out %1: none of its members can check out, as with Deny. "
                                "Raise the cap to let them in.")
                                 .arg(shutOut.join(u", "_s)));
    m_maxNote->setVisible(!shutOut.isEmpty());
    const QString bad = u"border: 1px solid %1;"_s.arg(StatePalette::colour(StatePalette::Failed).name());
    m_allow->setStyleSheet(list == u"allow" ? bad : QString());
    m_deny->setStyleSheet(list == u"deny" ? bad : QString());
    m_seats->setStyleSheet(list == u"reserve" && !rulesError.field.contains(u'[') ? bad : QString());
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
