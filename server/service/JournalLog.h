#pragma once

namespace keyright::server {

// When stderr is connected to the journal (JOURNAL_STREAM names its device and inode), every
// message goes out with the sd-daemon priority prefix of its type ("<3>" critical, "<4>" warning,
// "<6>" info, "<7>" debug), so that `journalctl -p warning` finds the warnings. On a terminal or a
// file the lines stay plain. Returns whether the prefixes are on.
bool installJournalMessageHandler();

} // namespace keyright::server
