#pragma once

namespace keyright::server {

// The server writes its sentences (alert webhooks and mail, the events it records) in English, from
// the same translatable texts as the dashboard. Their plural forms ("in 14 days", "3 denials") live
// in the English translation: without it they read "in 14 day(s)". Installs it once for the
// process; false when it could not be loaded (the sentences then keep their "(s)").
bool installEnglishTexts();

} // namespace keyright::server
