#include "LicenseDialog.h"

#include "GroupsDialog.h"
#include "LeaseJson.h"
#include "LeaseTableModel.h"
#include "ScreenFit.h"
#include "SeatPolicy.h"
#include "StatePalette.h"
#include "SystemClock.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimeZone>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>

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

// A message shown as a sentence of its own starts with a capital letter. Core's validation
// messages (shared with the server's error bodies, where they follow "field: ") start in lower
// case; they are capitalised here, where they stand alone. One that starts with a field's path
// ("deny[1] (...) is not ...") keeps the path as written.
QString asSentence(QString message)
{
    const QString first = message.section(u' ', 0, 0);
    if (!message.isEmpty() && message.at(0).isLower() && !first.contains(u'[') && !first.contains(u'.'))
        message[0] = message.at(0).toUpper();
    return message;
}

// Which list of the rules a validateRules() field names: "reserve[1].seats" -> "reserve".
QString ruleList(const QString &field)
{
    const qsizetype end = field.indexOf(QRegularExpression(u"[\\[.]"_s));
    return end < 0 ? field : field.left(end);
}

// The entry a validateRules() field names: "reclaimIdle[2].warnMinutes" -> 2; -1 for the list.
int ruleIndex(const QString &field)
{
    const QRegularExpressionMatch m = QRegularExpression(u"^\\w+\\[(\\d+)\\]"_s).match(field);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

// Tints a field at fault (or, with Pending, one a remark is about). Not the red border of the other
// fields: a style sheet's border makes a spin box draw its arrows without the style.
void markField(QWidget *field, bool wrong, StatePalette::Role role = StatePalette::Failed)
{
    if (!wrong) {
        field->setPalette(QPalette());
        return;
    }
    QPalette palette = QApplication::palette(field);
    palette.setColor(QPalette::Base, StatePalette::background(role, palette));
    field->setPalette(palette);
}

QSpinBox *minutesBox(const QString &objectName, QWidget *parent)
{
    auto *box = new QSpinBox(parent);
    box->setObjectName(objectName);
    box->setRange(1, IdleReclaim::maxAfterMinutes);
    box->setSuffix(LicenseDialog::tr(" min"));
    box->setAccelerated(true);
    return box;
}

// A wait in whole minutes as the Idle for column writes an idle time: "6 min", "2 h 05 min".
QString waitText(int minutes)
{
    return minutes < 1 ? LicenseDialog::tr("under a minute") : LeaseTableModel::idleText(qint64(minutes) * 60000);
}

// The earliest time a date field holds: its "not set" value, shown as `none`.
const QDateTime noDate(QDate(2000, 1, 1), QTime(0, 0), QTimeZone::utc());

QDateTimeEdit *dateBox(const QString &objectName, const QString &none, QWidget *parent)
{
    auto *box = new QDateTimeEdit(parent);
    box->setObjectName(objectName);
    box->setTimeSpec(Qt::UTC);
    box->setDisplayFormat(u"yyyy-MM-dd HH:mm 'UTC'"_s);
    box->setCalendarPopup(true);
    box->setMinimumDateTime(noDate);
    box->setSpecialValueText(none);
    box->setDateTime(noDate);
    return box;
}

// A check box and its date on one row: unchecked, the date is unset and says so.
QWidget *dateRow(QCheckBox *check, QDateTimeEdit *edit, QWidget *parent)
{
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(check);
    layout->addWidget(edit, 1);
    row->setFocusProxy(check); // the label's mnemonic lands on the check box
    return row;
}

} // namespace

namespace {

const Clock &machineClock()
{
    static const SystemClock clock;
    return clock;
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
    , m_validFromOn(new QCheckBox(this))
    , m_validFrom(dateBox(u"validFrom"_s, tr("No start: valid as soon as it is created"), this))
    , m_validUntilOn(new QCheckBox(this))
    , m_validUntil(dateBox(u"validUntil"_s, tr("No end: never expires"), this))
    , m_maintenanceOn(new QCheckBox(this))
    , m_maintenance(dateBox(u"maintenanceUntil"_s, tr("None"), this))
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
    , m_reclaimOn(new QCheckBox(tr("Reclaim idle seats for someone &waiting"), this))
    , m_reclaimAfter(minutesBox(u"reclaimAfter"_s, this))
    , m_reclaimWarn(minutesBox(u"reclaimWarn"_s, this))
    , m_reclaimTable(new QTableWidget(0, 4, this))
    , m_addReclaim(new QPushButton(tr("Add times for a gr&oup"), this))
    , m_reclaimMessage(fieldMessage(u"reclaimMessage"_s, this))
    , m_reclaimPreview(new QLabel(this))
    , m_borrowOn(new QCheckBox(tr("Seats may be &borrowed (taken offline on a laptop)"), this))
    , m_borrowDays(new QSpinBox(this))
    , m_borrowMax(new QSpinBox(this))
    , m_borrowKeep(new QSpinBox(this))
    , m_borrowGroups(new QLineEdit(this))
    , m_borrowMessage(fieldMessage(u"borrowMessage"_s, this))
    , m_borrowSummary(new QLabel(this))
    , m_borrowNote(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    m_clock = &machineClock();
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
        for (const auto &[check, box, date] :
             {std::tuple {m_validFromOn, m_validFrom, existing->validity.validFrom},
              std::tuple {m_validUntilOn, m_validUntil, existing->validity.validUntil},
              std::tuple {m_maintenanceOn, m_maintenance, existing->validity.maintenanceUntil}}) {
            check->setChecked(date.isValid());
            box->setDateTime(date.isValid() ? date.toUTC() : noDate);
        }
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
    m_validFromOn->setObjectName(u"validFromSet"_s);
    m_validUntilOn->setObjectName(u"validUntilSet"_s);
    m_maintenanceOn->setObjectName(u"maintenanceUntilSet"_s);
    form->addRow(tr("&Valid from:"), dateRow(m_validFromOn, m_validFrom, this));
    form->addRow(tr("Valid unti&l:"), dateRow(m_validUntilOn, m_validUntil, this));
    form->addRow(tr("Maint&enance until:"), dateRow(m_maintenanceOn, m_maintenance, this));
    m_validFromOn->setToolTip(tr("Checkouts are refused before this time (UTC)."));
    m_validUntilOn->setToolTip(tr("From this time (UTC) checkouts are refused and held seats are not renewed; leases "
                                  "never last beyond it."));
    m_maintenanceOn->setToolTip(tr("When maintenance ends (UTC). Shown only; refuses nothing."));
    for (QDateTimeEdit *box : {m_validFrom, m_validUntil, m_maintenance})
        box->setEnabled(box->dateTime() != noDate);
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

    // Idle seats (issue 26): the license-wide rule, the groups with times of their own, and what
    // the rule would do now.
    m_reclaimOn->setObjectName(u"reclaimIdle"_s);
    m_reclaimOn->setToolTip(tr("A seat whose holder has done nothing for longer than this may go to someone "
                               "waiting, after a warning. A holder whose application reports no activity is "
                               "never idle."));
    m_reclaimAfter->setValue(60);
    m_reclaimWarn->setValue(10);
    m_reclaimWarn->setSuffix(tr(" min before"));
    m_reclaimWarn->setToolTip(tr("How long before its seat goes the holder is warned; any activity meanwhile keeps "
                                 "the seat."));
    m_reclaimTable->setObjectName(u"reclaimTable"_s);
    m_reclaimTable->setHorizontalHeaderLabels({tr("Group"), tr("Idle for"), tr("Warn"), QString()});
    m_reclaimTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 4; ++c)
        m_reclaimTable->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_reclaimTable->verticalHeader()->hide();
    m_reclaimTable->setSelectionMode(QAbstractItemView::NoSelection);
    // Tab goes through the rows' fields, not from cell to cell of the table.
    m_reclaimTable->setTabKeyNavigation(false);
    m_reclaimTable->setFocusPolicy(Qt::NoFocus);
    m_reclaimTable->setMinimumHeight(m_reclaimTable->horizontalHeader()->sizeHint().height()
                                     + 2 * (fontMetrics().height() + 14));
    m_reclaimTable->setMaximumHeight(m_reclaimTable->horizontalHeader()->sizeHint().height()
                                     + 3 * (fontMetrics().height() + 14));
    m_reclaimTable->setToolTip(tr("Members of these groups follow their group's times instead (the first row "
                                  "they belong to); everyone else follows the times above."));
    m_addReclaim->setObjectName(u"addReclaim"_s);
    m_reclaimPreview->setObjectName(u"reclaimPreview"_s);
    m_reclaimPreview->setWordWrap(true);
    auto *idleForm = new QFormLayout;
    idleForm->addRow(m_reclaimOn);
    idleForm->addRow(tr("Idle for &more than:"), m_reclaimAfter);
    idleForm->addRow(tr("Warn the &holder:"), m_reclaimWarn);
    auto *idleBox = new QGroupBox(tr("Idle seats"), this);
    idleBox->setObjectName(u"idleBox"_s);
    auto *idleLayout = new QVBoxLayout(idleBox);
    idleLayout->addLayout(idleForm);
    auto *groupTimes = new QLabel(tr("Groups with times of their own:"), idleBox);
    idleLayout->addWidget(groupTimes);
    idleLayout->addWidget(tableWithButton(m_reclaimTable, m_addReclaim, m_reclaimMessage, nullptr));
    idleLayout->addWidget(m_reclaimPreview);

    // Borrowing (issue 27): the policy the server decides every borrow with.
    m_borrowOn->setObjectName(u"borrowAllowed"_s);
    m_borrowDays->setObjectName(u"borrowMaxDays"_s);
    m_borrowMax->setObjectName(u"borrowMaxBorrowed"_s);
    m_borrowKeep->setObjectName(u"borrowKeepOnSite"_s);
    m_borrowGroups->setObjectName(u"borrowGroups"_s);
    m_borrowSummary->setObjectName(u"borrowSummary"_s);
    m_borrowSummary->setWordWrap(true);
    // Not an error (the server accepts it), but a policy that lends less than its numbers say: in
    // amber, as the cap of 0 under the seat rules, with the field it is about marked.
    m_borrowNote->setObjectName(u"borrowNote"_s);
    m_borrowNote->setWordWrap(true);
    m_borrowNote->setStyleSheet(u"color: %1;"_s.arg(StatePalette::colour(StatePalette::Pending).name()));
    m_borrowNote->hide();
    // Wider than the policy allows, so that a number out of range is shown as typed and refused in
    // a sentence instead of being swallowed or put back silently.
    m_borrowDays->setRange(0, 9999);
    m_borrowDays->setSuffix(tr(" days"));
    m_borrowMax->setRange(0, SeatPolicy::maxSeatCount);
    m_borrowKeep->setRange(0, SeatPolicy::maxSeatCount);
    m_borrowDays->setValue(BorrowPolicy::defaultMaxDays);
    m_borrowMax->setValue(BorrowPolicy::defaultMaxBorrowed);
    m_borrowGroups->setPlaceholderText(tr("Anyone admitted (or groups, separated by spaces)"));
    m_borrowOn->setToolTip(tr("A borrowed seat is a signed lease a laptop keeps for whole days without the "
                              "server. It stays counted until it is returned or expires, and cannot be revoked "
                              "before."));
    m_borrowDays->setToolTip(tr("The longest borrow a holder may ask for, in whole days."));
    m_borrowMax->setToolTip(tr("How many seats may be borrowed at the same time."));
    m_borrowKeep->setToolTip(tr("Seats that always stay for ordinary checkouts on site: borrowing never takes "
                                "them."));
    m_borrowGroups->setToolTip(tr("When set, only members of these holder groups may borrow."));
    if (existing) {
        const BorrowPolicy &borrow = existing->borrow;
        m_borrowOn->setChecked(borrow.allowed);
        if (borrow.maxDays > 0)
            m_borrowDays->setValue(borrow.maxDays);
        if (borrow.maxBorrowed > 0)
            m_borrowMax->setValue(borrow.maxBorrowed);
        m_borrowKeep->setValue(borrow.keepOnSite);
        m_borrowGroups->setText(borrow.groups.join(u' '));
    }
    auto *borrowForm = new QFormLayout;
    borrowForm->addRow(m_borrowOn);
    auto *daysRow = new QHBoxLayout;
    daysRow->addWidget(m_borrowDays);
    auto *daysRange = new QLabel(tr("From 1 to %1 days").arg(BorrowPolicy::maxDaysLimit), this);
    daysRange->setObjectName(u"borrowDaysRange"_s);
    daysRow->addWidget(daysRange, 1);
    borrowForm->addRow(tr("For at most:"), daysRow);
    borrowForm->addRow(tr("At most borrowed at &once:"), m_borrowMax);
    borrowForm->addRow(tr("Always &keep on site:"), m_borrowKeep);
    borrowForm->addRow(tr("Groups that may borro&w:"), m_borrowGroups);
    auto *borrowBox = new QGroupBox(tr("Borrowing"), this);
    borrowBox->setObjectName(u"borrowBox"_s);
    auto *borrowLayout = new QVBoxLayout(borrowBox);
    borrowLayout->addLayout(borrowForm);
    m_borrowFeedback = new QWidget(borrowBox);
    m_borrowFeedback->setObjectName(u"borrowFeedback"_s);
    auto *feedbackLayout = new QVBoxLayout(m_borrowFeedback);
    feedbackLayout->setContentsMargins(0, 0, 0, 0);
    feedbackLayout->addWidget(m_borrowMessage);
    feedbackLayout->addWidget(m_borrowSummary);
    feedbackLayout->addWidget(m_borrowNote);
    feedbackLayout->addStretch(1); // the height kept for a longer message stays below it
    borrowLayout->addWidget(m_borrowFeedback);

    auto *left = new QVBoxLayout;
    left->addLayout(form);
    left->addWidget(m_heartbeat);
    left->addWidget(m_message);
    left->addWidget(idleBox);
    left->addWidget(borrowBox);
    left->addStretch(1);
    // The settings and rules scroll when the screen is short (1280x720 at 150 % leaves 480 pixels);
    // the buttons stay in view under them.
    m_content = new QWidget(this);
    QWidget *content = m_content;
    content->setObjectName(u"licenseContent"_s);
    auto *columns = new QHBoxLayout(content);
    columns->setContentsMargins(0, 0, 0, 0);
    columns->addLayout(left, 2);
    columns->addWidget(rulesBox, 3);
    m_scroll = new QScrollArea(this);
    QScrollArea *scroll = m_scroll;
    scroll->setObjectName(u"licenseScroll"_s);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setWidget(content);
    scroll->setMinimumWidth(content->minimumSizeHint().width());
    content->installEventFilter(this); // its resizes: a longer borrowing message is brought into view
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(scroll, 1);
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
    for (const auto &[check, box, offsetDays] :
         {std::tuple {m_validFromOn, m_validFrom, 0}, std::tuple {m_validUntilOn, m_validUntil, 365},
          std::tuple {m_maintenanceOn, m_maintenance, 365}}) {
        // Checked: a date to start from (today, or a year from today for an end), at midnight UTC.
        connect(check, &QCheckBox::toggled, this, [this, box, offsetDays](bool on) {
            if (on && box->dateTime() == noDate)
                box->setDateTime(
                    QDateTime(m_clock->now().toUTC().date().addDays(offsetDays), QTime(0, 0), QTimeZone::utc()));
            if (!on)
                box->setDateTime(noDate);
            box->setEnabled(on && !m_readOnly);
            revalidate();
        });
        connect(box, &QDateTimeEdit::dateTimeChanged, this, &LicenseDialog::revalidate);
    }
    for (QLineEdit *edit : {m_allow, m_deny})
        connect(edit, &QLineEdit::textChanged, this, &LicenseDialog::revalidate);
    connect(m_addReserve, &QPushButton::clicked, this, [this] { addSeatsRow(m_reserve); });
    connect(m_addMax, &QPushButton::clicked, this, [this] { addSeatsRow(m_max); });
    connect(m_editGroups, &QPushButton::clicked, this, &LicenseDialog::editGroups);
    for (QWidget *field :
         std::initializer_list<QWidget *> {m_seats, m_ttl, m_skew, m_grace, m_reclaimAfter, m_reclaimWarn})
        guardWheel(field);
    connect(m_reclaimOn, &QCheckBox::toggled, this, &LicenseDialog::revalidate);
    for (QSpinBox *box : {m_reclaimAfter, m_reclaimWarn})
        connect(box, &QSpinBox::valueChanged, this, &LicenseDialog::revalidate);
    connect(m_addReclaim, &QPushButton::clicked, this, [this] { addReclaimRow(); });
    connect(m_borrowOn, &QCheckBox::toggled, this, &LicenseDialog::revalidate);
    for (QSpinBox *box : {m_borrowDays, m_borrowMax, m_borrowKeep}) {
        connect(box, &QSpinBox::valueChanged, this, &LicenseDialog::revalidate);
        guardWheel(box);
    }
    connect(m_borrowGroups, &QLineEdit::textChanged, this, &LicenseDialog::revalidate);
    // Down the license's settings, then its idle seats under them, then the seat rules beside.
    const QList<QWidget *> order {
        m_id,          m_name,         m_seats,      m_ttl,           m_skew,        m_grace,      m_validFromOn,
        m_validFrom,   m_validUntilOn, m_validUntil, m_maintenanceOn, m_maintenance, m_reclaimOn,  m_reclaimAfter,
        m_reclaimWarn, m_addReclaim,   m_borrowOn,   m_borrowDays,    m_borrowMax,   m_borrowKeep, m_borrowGroups,
        m_editGroups,  m_allow,        m_deny,       m_reserve,       m_addReserve,  m_max,        m_addMax};
    for (qsizetype i = 1; i < order.size(); ++i)
        setTabOrder(order.at(i - 1), order.at(i));
    setRules({}, {});
    // Tall enough for everything without scrolling, a preview of a few lines included, where the
    // screen has room.
    const QMargins margins = layout->contentsMargins();
    const int contentWidth = 960 - margins.left() - margins.right();
    const int contentHeight
        = content->hasHeightForWidth() ? content->heightForWidth(contentWidth) : content->sizeHint().height();
    const int chrome = margins.top() + margins.bottom() + layout->spacing() + m_buttons->sizeHint().height();
    resizeWithinScreen(this, QSize(960, std::max(540, contentHeight + chrome + 3 * fontMetrics().lineSpacing())));
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
    for (int r = 0; r < table->rowCount(); ++r) {
        if (const auto *group = qobject_cast<QComboBox *>(table->cellWidget(r, 0)))
            taken.insert(group->currentText().trimmed());
    }
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
    guardWheel(group);
    guardWheel(count);
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

void LicenseDialog::addReclaimRow(const IdleReclaim &row)
{
    IdleReclaim entry = row;
    if (entry.group.isEmpty()) {
        // A new row starts valid: a group without a row yet, with the license-wide times.
        entry.group = freeGroup(m_reclaimTable);
        entry.afterMinutes = m_reclaimAfter->value();
        entry.warnMinutes = std::min(m_reclaimWarn->value(), entry.afterMinutes);
    }
    const int at = m_reclaimTable->rowCount();
    m_reclaimTable->insertRow(at);
    m_reclaimTable->setRowHeight(at, fontMetrics().height() + 14);
    auto *group = new QComboBox(m_reclaimTable);
    group->setEditable(true);
    group->setObjectName(u"group"_s);
    for (const HolderGroup &g : std::as_const(m_groups))
        group->addItem(g.name);
    group->setCurrentText(entry.group);
    group->setEnabled(!m_readOnly);
    auto *after = minutesBox(u"afterMinutes"_s, m_reclaimTable);
    after->setValue(entry.afterMinutes);
    after->setEnabled(!m_readOnly);
    auto *warn = minutesBox(u"warnMinutes"_s, m_reclaimTable);
    warn->setValue(entry.warnMinutes);
    warn->setEnabled(!m_readOnly);
    auto *remove = new QToolButton(m_reclaimTable);
    remove->setText(tr("Remove", "a group's idle seats row"));
    remove->setEnabled(!m_readOnly);
    for (QWidget *field : std::initializer_list<QWidget *> {group, after, warn})
        guardWheel(field);
    m_reclaimTable->setCellWidget(at, 0, group);
    m_reclaimTable->setCellWidget(at, 1, after);
    m_reclaimTable->setCellWidget(at, 2, warn);
    m_reclaimTable->setCellWidget(at, 3, remove);
    for (int c = 1; c < 4; ++c)
        m_reclaimTable->resizeColumnToContents(c);
    // In the tab order where the row is seen: after the rows above it, before the Add button.
    QWidget *previous = m_reclaimWarn;
    if (at > 0)
        previous = m_reclaimTable->cellWidget(at - 1, 3);
    for (QWidget *next : {static_cast<QWidget *>(group), static_cast<QWidget *>(after), static_cast<QWidget *>(warn),
                          static_cast<QWidget *>(remove), static_cast<QWidget *>(m_addReclaim)}) {
        setTabOrder(previous, next);
        previous = next;
    }
    connect(group, &QComboBox::currentTextChanged, this, &LicenseDialog::revalidate);
    connect(after, &QSpinBox::valueChanged, this, &LicenseDialog::revalidate);
    connect(warn, &QSpinBox::valueChanged, this, &LicenseDialog::revalidate);
    connect(remove, &QToolButton::clicked, this, [this, remove] {
        for (int r = 0; r < m_reclaimTable->rowCount(); ++r) {
            if (m_reclaimTable->cellWidget(r, 3) == remove) {
                m_reclaimTable->removeRow(r);
                if (r < m_reclaimDefaultAt)
                    --m_reclaimDefaultAt; // the license-wide entry keeps its place among the rest
                break;
            }
        }
        revalidate();
    });
    revalidate();
}

QList<IdleReclaim> LicenseDialog::reclaimEntries(QList<int> *rows) const
{
    QList<IdleReclaim> entries;
    QList<int> at;
    for (int r = 0; r < m_reclaimTable->rowCount(); ++r) {
        const auto *group = qobject_cast<QComboBox *>(m_reclaimTable->cellWidget(r, 0));
        const auto *after = qobject_cast<QSpinBox *>(m_reclaimTable->cellWidget(r, 1));
        const auto *warn = qobject_cast<QSpinBox *>(m_reclaimTable->cellWidget(r, 2));
        if (group && after && warn) {
            entries << IdleReclaim {group->currentText().trimmed(), after->value(), warn->value()};
            at << r;
        }
    }
    if (m_reclaimOn->isChecked()) {
        // Where the loaded rules had it: saving what was loaded changes nothing.
        const qsizetype i = std::clamp<qsizetype>(m_reclaimDefaultAt, 0, entries.size());
        entries.insert(i, IdleReclaim {QString(), m_reclaimAfter->value(), m_reclaimWarn->value()});
        at.insert(i, -1);
    }
    if (rows)
        *rows = at;
    return entries;
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
    m_reclaimTable->setRowCount(0);
    m_reclaimDefaultAt = 0;
    std::optional<IdleReclaim> licenseWide;
    for (const IdleReclaim &r : rules.reclaimIdle) {
        if (r.group.isEmpty() && !licenseWide) {
            licenseWide = r;
            m_reclaimDefaultAt = m_reclaimTable->rowCount();
        } else {
            addReclaimRow(r);
        }
    }
    {
        const QSignalBlocker on(m_reclaimOn);
        const QSignalBlocker after(m_reclaimAfter);
        const QSignalBlocker warn(m_reclaimWarn);
        m_reclaimOn->setChecked(licenseWide.has_value());
        m_reclaimAfter->setValue(licenseWide ? licenseWide->afterMinutes : 60);
        m_reclaimWarn->setValue(licenseWide ? licenseWide->warnMinutes : 10);
    }
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
    r.reclaimIdle = reclaimEntries();
    return r;
}

void LicenseDialog::refreshGroupChoices()
{
    QStringList names;
    for (const HolderGroup &g : std::as_const(m_groups))
        names << g.name;
    m_groupsSummary->setText(names.isEmpty() ? tr("No holder groups on this server yet.")
                                             : tr("Holder groups: %1").arg(names.join(u", "_s)));
    for (QTableWidget *table : {m_reserve, m_max, m_reclaimTable}) {
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

void LicenseDialog::showRule(Rule rule)
{
    // The Idle seats box, or the Reserve row with its Add button.
    QWidget *field = rule == Rule::IdleSeats ? static_cast<QWidget *>(m_reclaimOn) : m_addReserve;
    m_scroll->ensureWidgetVisible(rule == Rule::IdleSeats ? m_reclaimOn->parentWidget() : m_reserve);
    if (field->isVisible() && field->isEnabled())
        field->setFocus(Qt::OtherFocusReason);
}

void LicenseDialog::setReadOnly(const QString &why)
{
    m_readOnly = !why.isEmpty();
    for (QLineEdit *edit : {m_name, m_allow, m_deny})
        edit->setReadOnly(m_readOnly);
    for (QSpinBox *box : {m_seats, m_ttl, m_skew, m_grace})
        box->setReadOnly(m_readOnly);
    for (QCheckBox *check : {m_validFromOn, m_validUntilOn, m_maintenanceOn})
        check->setEnabled(!m_readOnly);
    for (QDateTimeEdit *box : {m_validFrom, m_validUntil, m_maintenance})
        box->setReadOnly(m_readOnly);
    for (QSpinBox *box : {m_reclaimAfter, m_reclaimWarn, m_borrowDays, m_borrowMax, m_borrowKeep})
        box->setReadOnly(m_readOnly);
    m_reclaimOn->setEnabled(!m_readOnly);
    m_borrowOn->setEnabled(!m_readOnly);
    m_borrowGroups->setReadOnly(m_readOnly);
    for (QTableWidget *table : {m_reserve, m_max, m_reclaimTable}) {
        for (int r = 0; r < table->rowCount(); ++r) {
            for (int c = 0; c < table->columnCount(); ++c) {
                if (QWidget *cell = table->cellWidget(r, c))
                    cell->setEnabled(!m_readOnly);
            }
        }
    }
    m_addReserve->setVisible(!m_readOnly);
    m_addMax->setVisible(!m_readOnly);
    m_addReclaim->setVisible(!m_readOnly);
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
    for (QLabel *label : {m_allowMessage, m_denyMessage, m_reserveMessage, m_maxMessage, m_reclaimMessage}) {
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
    // The dialog shows every date, so it sends every one (an unchecked one removes it).
    s.given |= LicenseSpec::dateMembers;
    const auto date = [](const QCheckBox *check, const QDateTimeEdit *box) {
        return check->isChecked() ? box->dateTime().toUTC() : QDateTime();
    };
    s.validity.validFrom = date(m_validFromOn, m_validFrom);
    s.validity.validUntil = date(m_validUntilOn, m_validUntil);
    s.validity.maintenanceUntil = date(m_maintenanceOn, m_maintenance);
    // And the borrowing policy; switched off, it lends nothing whatever its numbers say.
    s.given |= LicenseSpec::Member::Borrow;
    s.borrow.allowed = m_borrowOn->isChecked();
    s.borrow.maxDays = m_borrowDays->value();
    s.borrow.maxBorrowed = m_borrowMax->value();
    s.borrow.keepOnSite = m_borrowKeep->value();
    s.borrow.groups = m_borrowGroups->text().split(u' ', Qt::SkipEmptyParts);
    return s;
}

QString LicenseDialog::borrowMessage() const
{
    return m_borrowMessage->text();
}

QString LicenseDialog::borrowSummary() const
{
    return m_borrowSummary->text();
}

QString LicenseDialog::borrowNote() const
{
    return m_borrowNote->text();
}

QList<LicenseDialog::FieldProblem> LicenseDialog::borrowProblems() const
{
    // Every field at fault at once, each with its sentence, so that an admin who typed two wrong
    // numbers is not sent back a second time.
    QList<FieldProblem> problems;
    if (!m_borrowOn->isChecked())
        return problems;
    if (const int days = m_borrowDays->value(); days < 1 || days > BorrowPolicy::maxDaysLimit)
        problems.append(
            {m_borrowDays,
             tr("A seat may be borrowed for 1 to %1 days, not %2.").arg(BorrowPolicy::maxDaysLimit).arg(days)});
    if (m_borrowMax->value() < 1)
        problems.append(
            {m_borrowMax,
             tr("At most 0 borrowed at once would lend nothing: allow at least 1, or switch borrowing off.")});
    // Every fault of the groups' field at once too: a name that is no group name, one listed twice,
    // one that does not exist ("xyz laptops laptops" says both xyz and laptops).
    QStringList notNames, twice, unknown, seen;
    for (const QString &group : m_borrowGroups->text().split(u' ', Qt::SkipEmptyParts)) {
        if (seen.contains(group)) {
            if (!twice.contains(group))
                twice << group;
            continue;
        }
        seen << group;
        if (!isValidGroupName(group))
            notNames << group;
        else if (std::none_of(m_groups.cbegin(), m_groups.cend(),
                              [&](const HolderGroup &g) { return g.name == group; }))
            unknown << group;
    }
    // Several names: each quoted as the sentence for one quotes it, in a list of the language.
    const auto quotedList = [](const QStringList &names) {
        QStringList quoted;
        for (const QString &name : names)
            quoted << tr("\"%1\"", "a group name quoted in a sentence").arg(name);
        return QLocale().createSeparatedList(quoted);
    };
    QStringList groupFaults;
    if (notNames.size() == 1)
        groupFaults << tr("\"%1\" is not a group name: list holder groups separated by spaces.").arg(notNames.first());
    else if (notNames.size() > 1)
        groupFaults << tr("%1 are not group names: list holder groups separated by spaces.").arg(quotedList(notNames));
    if (unknown.size() == 1)
        groupFaults
            << tr("There is no holder group \"%1\": create it with \"Holder groups…\" first.").arg(unknown.first());
    else if (unknown.size() > 1)
        groupFaults
            << tr("There are no holder groups %1: create them with \"Holder groups…\" first.").arg(quotedList(unknown));
    if (twice.size() == 1)
        groupFaults
            << tr("The group \"%1\" is listed more than once among the groups that may borrow.").arg(twice.first());
    else if (twice.size() > 1)
        groupFaults << tr("The groups %1 are each listed more than once among the groups that may borrow.")
                           .arg(quotedList(twice));
    if (!groupFaults.isEmpty())
        problems.append({m_borrowGroups, groupFaults.join(u' ')});
    return problems;
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
    if (!spec.validity.validate())
        return fail(u"validUntil"_s,
                    tr("The license must end after it starts: set Valid until later than Valid from."));
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
    const bool groupsValid = validateGroups(m_groups, &groupsError);
    if (message.isEmpty() && !groupsValid)
        message = groupsError.localizedMessage();
    m_message->setText(asSentence(message));
    m_message->setVisible(!message.isEmpty());
    ValidationError rulesError;
    QList<int> reclaimRows;
    const QList<IdleReclaim> reclaim = reclaimEntries(&reclaimRows);
    bool rulesValid = validateRules(rules(), m_groups, s.seatCount, &rulesError);
    QString rulesProblem = rulesValid ? QString() : rulesError.localizedMessage();
    // A row without a group would be the license-wide rule to the server: not what its row says.
    for (qsizetype i = 0; i < reclaim.size() && rulesValid; ++i) {
        if (reclaimRows.at(i) >= 0 && reclaim.at(i).group.isEmpty()) {
            rulesValid = false;
            rulesError.field = u"reclaimIdle[%1].group"_s.arg(i);
            rulesProblem = tr("Choose a group for each row of Groups with times of their own, or remove the row.");
        }
    }
    const QString list = rulesValid ? QString() : ruleList(rulesError.field);
    const QList<QPair<QString, QLabel *>> messages {{u"allow"_s, m_allowMessage},
                                                    {u"deny"_s, m_denyMessage},
                                                    {u"reserve"_s, m_reserveMessage},
                                                    {u"max"_s, m_maxMessage},
                                                    {u"reclaimIdle"_s, m_reclaimMessage}};
    // Under the field at fault; a problem of the rules as a whole under the caps.
    QLabel *at = rulesValid ? nullptr : m_maxMessage;
    for (const auto &[name, label] : messages) {
        if (!rulesValid && list == name)
            at = label;
    }
    for (const auto &[name, label] : messages) {
        label->setText(label == at ? asSentence(rulesProblem) : QString());
        label->setVisible(label == at);
    }
    if (QPushButton *ok = m_buttons->button(QDialogButtonBox::Ok))
        ok->setEnabled(message.isEmpty() && rulesValid && !m_readOnly);
    // A new row needs a group of its own: without one left, say where groups are made.
    for (QPushButton *add : {m_addReserve, m_addMax, m_addReclaim}) {
        const bool room = !freeGroup(add == m_addReserve   ? m_reserve
                                         : add == m_addMax ? m_max
                                                           : m_reclaimTable)
                               .isEmpty();
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
    m_validUntil->setStyleSheet(field == u"validUntil" ? bad : QString());
    // The reclaim field at fault: the license-wide minutes or a group's row.
    const int badEntry = list == u"reclaimIdle" ? ruleIndex(rulesError.field) : -1;
    const int badRow = badEntry >= 0 && badEntry < reclaimRows.size() ? reclaimRows.at(badEntry) : -2;
    markField(m_reclaimAfter, badRow == -1 && rulesError.field.endsWith(u".afterMinutes"));
    markField(m_reclaimWarn, badRow == -1 && rulesError.field.endsWith(u".warnMinutes"));
    for (int r = 0; r < m_reclaimTable->rowCount(); ++r) {
        const QStringList members {u".group"_s, u".afterMinutes"_s, u".warnMinutes"_s};
        for (int c = 0; c < 3; ++c) {
            if (QWidget *cell = m_reclaimTable->cellWidget(r, c))
                markField(cell, badRow == r && rulesError.field.endsWith(members.at(c)));
        }
    }
    for (QSpinBox *box : {m_reclaimAfter, m_reclaimWarn})
        box->setEnabled(m_reclaimOn->isChecked());
    const QList<FieldProblem> borrowFaults = borrowProblems();
    QStringList borrowSentences;
    for (const FieldProblem &fault : borrowFaults)
        borrowSentences << asSentence(fault.message);
    const QString borrowProblem = borrowSentences.join(u' ');
    m_borrowMessage->setText(borrowProblem);
    m_borrowMessage->setVisible(!borrowProblem.isEmpty());
    for (QWidget *box : std::initializer_list<QWidget *> {m_borrowDays, m_borrowMax, m_borrowKeep, m_borrowGroups})
        box->setEnabled(m_borrowOn->isChecked());
    // Not errors (the server accepts them, and the seats may be raised later), but said in words, in
    // amber, with the field they are about marked: every seat kept on site, or a maximum above what
    // may be lent.
    const int keepOnSite = m_borrowKeep->value();
    const int seatCount = int(s.seatCount);
    const bool keepsAll = m_borrowOn->isChecked() && keepOnSite >= seatCount;
    const int lendable = keepOnSite > 0 ? seatCount - keepOnSite : seatCount;
    // Said beside another field's error too (walk 56: it vanished while the days were refused); not
    // when the two numbers it compares are themselves refused.
    const auto atFault = [&borrowFaults](const QWidget *box) {
        return std::any_of(borrowFaults.cbegin(), borrowFaults.cend(),
                           [box](const FieldProblem &fault) { return fault.field == box; });
    };
    const bool maxAboveLendable = m_borrowOn->isChecked() && !keepsAll && !atFault(m_borrowMax)
        && !atFault(m_borrowKeep) && m_borrowMax->value() > lendable;
    QWidget *remarked = keepsAll ? static_cast<QWidget *>(m_borrowKeep) : maxAboveLendable ? m_borrowMax : nullptr;
    for (QWidget *box : std::initializer_list<QWidget *> {m_borrowDays, m_borrowMax, m_borrowKeep, m_borrowGroups}) {
        if (atFault(box))
            markField(box, true);
        else
            markField(box, box == remarked, StatePalette::Pending);
    }
    QString note;
    if (keepsAll) {
        note = keepOnSite > seatCount
            ? tr("Keeping %1 seats on site, more than the %n the license has, leaves none to borrow: keep fewer, "
                 "or switch borrowing off.",
                 nullptr, seatCount)
                  .arg(keepOnSite)
            : tr("Keeping all %n seat(s) on site leaves none to borrow: keep fewer, or switch borrowing off.", nullptr,
                 seatCount);
    } else if (maxAboveLendable) {
        // With the same number as the summary above it.
        note = keepOnSite > 0
            ? tr("A maximum of %1 at once is more than the %n seat(s) not kept on site.", nullptr, lendable)
                  .arg(m_borrowMax->value())
            : tr("A maximum of %1 at once is more than the %n seat(s) of the license.", nullptr, lendable)
                  .arg(m_borrowMax->value());
    }
    m_borrowNote->setText(note);
    m_borrowNote->setVisible(!note.isEmpty());
    if (!m_borrowOn->isChecked()) {
        m_borrowSummary->setText(tr("No seat may be borrowed."));
    } else if (borrowProblem.isEmpty() && !keepsAll) {
        const int borrowable = std::min(m_borrowMax->value(), seatCount - keepOnSite);
        const QString days = tr("%n day(s)", nullptr, m_borrowDays->value());
        const QStringList groups = m_borrowGroups->text().split(u' ', Qt::SkipEmptyParts);
        m_borrowSummary->setText(
            groups.isEmpty()
                ? tr("Up to %n seat(s) may be borrowed at once, each for at most %1; seats always kept on site: %2.",
                     nullptr, borrowable)
                      .arg(days)
                      .arg(keepOnSite)
                : tr("Up to %n seat(s) may be borrowed at once, each for at most %1, by members of %3; seats always "
                     "kept on site: %2.",
                     nullptr, borrowable)
                      .arg(days)
                      .arg(keepOnSite)
                      .arg(QLocale().createSeparatedList(groups)));
    } else {
        m_borrowSummary->clear();
    }
    m_borrowSummary->setVisible(!m_borrowSummary->text().isEmpty());
    reserveBorrowFeedback();
    if (QPushButton *ok = m_buttons->button(QDialogButtonBox::Ok); ok && !borrowProblem.isEmpty())
        ok->setEnabled(false);
    m_previewable = rulesValid && groupsValid;
    updatePreview();
    m_heartbeat->setText(tr("Clients will renew about every %1 s; a crashed client's seat is free after %2 s "
                            "and its row is reaped after %3 s.")
                             .arg(std::max<qint64>(1, s.ttlSeconds / 3))
                             .arg(s.ttlSeconds + s.skewSeconds)
                             .arg(s.ttlSeconds + s.reapGraceSeconds));
}

} // namespace keyright

namespace keyright {

void LicenseDialog::setReclaimState(const std::optional<ReclaimState> &state)
{
    m_reclaimState = state;
    updatePreview();
}

void LicenseDialog::guardWheel(QWidget *field)
{
    field->setFocusPolicy(Qt::StrongFocus);
    field->installEventFilter(this);
}

bool LicenseDialog::eventFilter(QObject *watched, QEvent *event)
{
    // Once the settings are laid out at their new size: the borrowing box's height kept for its
    // width, and a message that outgrew it brought into view.
    if (watched == m_content && event->type() == QEvent::Resize) {
        QMetaObject::invokeMethod(
            this,
            [this] {
                reserveBorrowFeedback();
                if (m_borrowFeedbackGrew)
                    showBorrowFeedback();
            },
            Qt::QueuedConnection);
    }
    // In the scrolling settings a turn of the wheel that passes over a field must not change it.
    if (event->type() == QEvent::Wheel && m_scroll) {
        auto *field = qobject_cast<QWidget *>(watched);
        if (field && !field->hasFocus()) {
            QCoreApplication::sendEvent(m_scroll->verticalScrollBar(), event);
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

void LicenseDialog::growToFit()
{
    // A longer preview or message: taller, where the screen has room, rather than a scroll bar.
    if (!isVisible())
        return;
    const int needed = m_content->hasHeightForWidth() ? m_content->heightForWidth(m_scroll->viewport()->width())
                                                      : m_content->sizeHint().height();
    const int missing = needed - m_scroll->viewport()->height();
    if (missing > 0)
        resizeWithinScreen(this, QSize(width(), height() + missing));
}

void LicenseDialog::reserveBorrowFeedback()
{
    // At 1280x720 and 150 % the settings scroll, and the borrowing box is at their end: a message
    // that got shorter pulled the page down 20 to 40 pixels under the pointer, one that got longer
    // went on below the visible area. The height kept only grows (for the width it was measured
    // at), and starts with room for two of the longest problems.
    const int width = m_borrowFeedback->contentsRect().width();
    if (!isVisible() || width <= 0)
        return;
    if (width != m_borrowReserveWidth) {
        m_borrowReserveWidth = width;
        m_borrowReserve = 0;
    }
    const int needed = m_borrowFeedback->layout()->totalHeightForWidth(width);
    const QString sample
        = tr("A seat may be borrowed for 1 to %1 days, not %2.").arg(BorrowPolicy::maxDaysLimit).arg(9999) + u' '
        + tr("There is no holder group \"%1\": create it with \"Holder groups…\" first.").arg(u"laptops-abroad"_s);
    const int room
        = m_borrowMessage->fontMetrics().boundingRect(QRect(0, 0, width, 1 << 20), Qt::TextWordWrap, sample).height();
    const int reserve = std::max({m_borrowReserve, needed, room});
    if (needed > m_borrowReserve && m_borrowReserve > 0)
        m_borrowFeedbackGrew = true; // until showBorrowFeedback() has brought it into view
    if (reserve != m_borrowReserve) {
        m_borrowReserve = reserve;
        m_borrowFeedback->setMinimumHeight(reserve);
        growToFit(); // taller where the screen has room, rather than a scroll bar
    }
}

void LicenseDialog::showBorrowFeedback()
{
    // Down as far as the message's last line, never so far that the field being edited leaves the
    // view; only while a borrowing field is being edited.
    m_borrowFeedbackGrew = false;
    QWidget *focus = QApplication::focusWidget();
    QWidget *box = m_borrowFeedback->parentWidget();
    if (!focus || !box->isAncestorOf(focus))
        return;
    QWidget *viewport = m_scroll->viewport();
    QWidget *last = nullptr;
    for (QLabel *label : {m_borrowMessage, m_borrowSummary, m_borrowNote}) {
        if (!label->isHidden())
            last = label;
    }
    if (!last)
        return;
    const int below = last->mapTo(viewport, QPoint(0, last->height())).y() - viewport->height();
    const int room = std::max(0, focus->mapTo(viewport, QPoint()).y());
    if (below > 0)
        m_scroll->verticalScrollBar()->setValue(m_scroll->verticalScrollBar()->value() + std::min(below, room));
}

QString LicenseDialog::reclaimPreviewText() const
{
    return m_reclaimPreview->text();
}

void LicenseDialog::updatePreview()
{
    // The rules as edited, on the license's seats and line as last listed, with the seat count
    // as edited: what saving would make the server do now.
    const SeatRules edited = rules();
    QString text;
    if (edited.reclaimIdle.isEmpty()) {
        text = tr("Idle seats are never reclaimed.");
        // Saving without the rule lifts the server's standing marks (decideReclaim: no rule).
        QStringList marked;
        if (m_reclaimState) {
            for (const ReclaimSeat &seat : m_reclaimState->seats) {
                if (seat.marked())
                    marked << seat.lease.holder;
            }
        }
        if (!marked.isEmpty())
            text += u' ' + tr("Saving lifts the mark on the seat of %1.").arg(marked.join(u", "_s));
    } else if (m_previewable && m_reclaimState) {
        ReclaimState state = *m_reclaimState;
        state.seatCount = m_seats->value();
        text = previewSentence(previewReclaim(CompiledSeatRules(edited, m_groups), state), state);
    }
    m_reclaimPreview->setText(text);
    m_reclaimPreview->setVisible(!text.isEmpty());
    growToFit();
}

QString LicenseDialog::previewSentence(const ReclaimPreview &preview, const ReclaimState &state)
{
    using Situation = ReclaimPreview::Situation;
    switch (preview.situation) {
    case Situation::NoRule:
        return tr("Idle seats are never reclaimed.");
    case Situation::NobodyIdle:
        return tr("No holder has been idle that long right now: nothing would be reclaimed.");
    case Situation::NobodyWaiting:
        // Nobody in line, or a free seat for each of those who are.
        return (state.waiting.isEmpty()
                    ? tr("%1 has been idle %2, but nobody is waiting: nothing would be reclaimed.")
                    : tr("%1 has been idle %2, but everyone waiting can have a free seat: nothing would be reclaimed."))
            .arg(preview.idlestHolder, LeaseTableModel::idleText(qint64(preview.idlestMinutes) * 60000));
    case Situation::NoEligibleSeat:
        return tr("%n holder(s) waiting, but no idle seat may go to them under the other rules.", nullptr,
                  preview.waiting);
    case Situation::Acting:
        break;
    }
    if (!preview.action)
        return {};
    const ReclaimAction &a = *preview.action;
    const QString idle
        = a.idleMinutes < 0 ? tr("for an unknown time") : LeaseTableModel::idleText(qint64(a.idleMinutes) * 60000);
    const QString waited = waitText(a.waitingMinutes);
    // Whole minutes left, rounded up: "in 1 minute" until the very last second.
    const int left = int(std::max<qint64>(0, (state.now.msecsTo(a.reclaimAt) + 59999) / 60000));
    switch (a.kind) {
    case ReclaimAction::Kind::Mark:
        return tr("Right now this would mark %1, idle %2, for %3, waiting %4.").arg(a.holder, idle, a.waiter, waited)
            + u' '
            + tr("%1 would be warned and lose the seat in %n minute(s) unless it is used.", nullptr, left)
                  .arg(a.holder);
    case ReclaimAction::Kind::Keep:
        // The clock time too, as the Seats page's Idle for column gives it ("reclaim at 16:39:40").
        return tr("%1 is marked, idle %2, for %3, waiting %4.").arg(a.holder, idle, a.waiter, waited) + u' '
            + tr("The seat goes at %1 (in %n minute(s)) unless it is used.", nullptr, left)
                  .arg(LeaseTableModel::formatTime(a.reclaimAt, state.now));
    case ReclaimAction::Kind::Reclaim:
        return tr("Right now this would take the seat of %1, idle %2, for %3, waiting %4.")
            .arg(a.holder, idle, a.waiter, waited);
    case ReclaimAction::Kind::Cancel:
        switch (a.reason) {
        case ReclaimAction::Reason::Activity:
            return tr("Right now this would lift the mark on the seat of %1: it was used since.").arg(a.holder);
        case ReclaimAction::Reason::NoRule:
            return tr("Right now this would lift the mark on the seat of %1: the rules no longer reclaim it.")
                .arg(a.holder);
        case ReclaimAction::Reason::NobodyWaiting:
        case ReclaimAction::Reason::None:
            break;
        }
        return tr("Right now this would lift the mark on the seat of %1: nobody who may take it is waiting.")
            .arg(a.holder);
    }
    return {};
}

} // namespace keyright
