#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace keyright::server {

// What differs between the SQL of the two stores. Everything else (the statements, the row
// mapping, the transaction engine) is shared and reads its dialect-dependent parts from here.
// Each store supplies its own: SqliteLeaseStore::dialect(), PgLeaseStore::dialect().
struct SqlDialect
{
    QString engine; // "SQLite", "PostgreSQL": for messages
    // Each entry moves the schema from version i to i + 1. Never edit a released entry: append one.
    QList<QStringList> migrations;
    // Run right after beginMigration, in the migration's transaction: what keeps two servers
    // starting at once from both migrating (PostgreSQL's transaction-scoped advisory lock).
    QStringList migrationLock;
    QString beginMigration; // starts the migration's transaction
    QString begin; // starts a unit's (or a batch's) write transaction
    // Whether BEGIN, COMMIT, SAVEPOINT... can be prepared statements (SQLite: yes, and it saves
    // parsing them per unit; PostgreSQL cannot PREPARE them).
    bool prepareTransactionControl = true;
    // Whether a batch's unit that succeeds keeps its savepoint until the batch ends instead of
    // releasing it (SqlTransactions): PostgreSQL, where the RELEASE is a round trip made while
    // the turn holds its licenses, and a released savepoint's writes stay the transaction's all
    // the same. Not SQLite, where a RELEASE is a call into the library and every savepoint left
    // open keeps the pages its unit changed in the statement journal until the batch ends (a
    // batch there has a unit per request).
    bool keepUnitSavepoints = false;
    // Locks one license's row until the end of the transaction (:id); empty when the
    // transaction itself already serializes every writer (SQLite).
    QString lockLicense;
    QString greatest; // the two-argument maximum: MAX (SQLite), GREATEST (PostgreSQL)
    QString position; // position of a substring: instr(haystack, needle) or strpos(...)
    // Appended to the reaper's chunk query: rows another transaction holds are skipped.
    QString skipLocked;
    // A turn's renewals in one statement each, where every statement is a round trip
    // (PostgreSQL; arrays bound as text literals, see SqlLeaseTables). Empty: one statement per
    // row, which is as fast where statements are calls into a library (SQLite).
    QString lockLicenses; // :ids; locks them in one fixed order, and gives their rows (%1: the columns)
    // Whether lockLicenses also decides the transaction's "now" for them: each row then ends with
    // two more columns, that "now" and the reading it was decided from, in ms
    // (PgLeaseStore::licensesLocked()).
    bool lockLicensesDecides = false;
    QString leasesOf; // :licenses, :seats
    QString renewLeasesIfUnchanged; // returns the (license_id, seat_id) of each row written
    // The condition that picks the rows of several licenses at once, on a column named before it
    // (":ids" bound as SqlLeaseTables::arrayLiteral()): a turn's lease calls read every table they
    // decide on once for all their licenses (TurnReads). Empty: each call reads its own rows.
    QString inIds;
    // The same :ids as a table of one column, `license`: read row by row with a LATERAL subquery,
    // the rows of a big table (leases) are found with its index, one license at a time, where the
    // condition above let the planner scan the whole table.
    QString idsTable;
    // A unit's span openings and endings (SqlUsageHistory::flushSpans), one statement each: as the
    // one-row openSpan and endSpan, with :licenses :kinds :ids :holders :groups :starts :expires
    // :borrowed, and :endLicenses :endKinds :endIds :ends :endExpires :served (names of their own,
    // so that writeSpans takes both). Empty: one statement per span.
    QString openSpans;
    QString endSpans;
    // Both in one statement, for a unit that has both: the openings with openSpans' binds and,
    // for one the same unit ends, its end already (:closedEnds :closedServed, NULL and 0 for the
    // others); the endings with :endLicenses :endKinds :endIds :ends :endExpires :served, applied
    // only to spans there before the statement (an opening that found its span there already
    // inserts nothing, and its ending goes to that span). Empty: the two statements above.
    QString writeSpans;
    // A unit's events (SqlLeaseStore::recordEvent) in one insert, in the order they came, with
    // :times :kinds :licenses :seats :holders :actors :details; returns each one's seq, ascending
    // in that order. Empty: one statement per event.
    QString appendEvents;
    // A unit's new license generations (a turn's checkouts, the last one per license) in one
    // update: :ids, :generations; returns the id of each row written. Empty: the whole license
    // row is written at each checkout.
    QString writeGenerations;
    // A unit's lease deletes (a turn's releases) in one statement: :licenses, :seats; returns the
    // seat id of each row deleted. Empty: one statement per delete.
    QString deleteLeases;
    // A unit's new leases (a turn's checkouts) in one insert: :licenses :seats :holders
    // :generations :issued :expires :signatures (hex) :requests :activities :marked :reclaim
    // :borrowed :writtenOff :writtenOffBy :writeOffNotes :returnHashes (hex or NULL). Empty: one
    // statement per lease.
    QString insertLeases;
    // The rows holding a turn's expected checkouts' requestIds (LeaseStore::expectCheckouts), with
    // :licenses :holders :requests; %1 is the lease columns. Empty: one statement per lookup.
    QString leasesByRequest;
    // How many rows of each license are live: :licenses, :earliests (earliestLiveExpiryMs() of
    // each); returns (license id, count) for each. Empty: one count per license.
    QString liveLeaseCounts;
    // A unit's counter increments (a turn's checkouts and releases, one per license and counter)
    // in one upsert: :bumpLicenses, :bumpCounters, :bumpReplicas, :bumpBys (names of their own, so
    // that appendEventsBumping takes them beside the events'), no two rows with the same key.
    QString bumpCounters;
    // appendEvents and bumpCounters in one statement, with the binds of both: a unit's events and
    // increments with one round trip. Empty: one statement each.
    QString appendEventsBumping;
};

} // namespace keyright::server
