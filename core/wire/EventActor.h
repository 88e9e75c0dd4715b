#pragma once

namespace keyright {

// The `actor` of an event the server itself caused (a reap, a clock jump, the demo licenses), and
// the start of the actor of an event a lease client caused ("client 10.0.0.5"), docs/API.md. An
// admin action names its token instead (tokenActor()).
inline constexpr char16_t serverActor[] = u"server";
// The actor of the seats the periodic reaper deleted (a forced reap names the admin's token).
inline constexpr char16_t reaperActor[] = u"reaper";
// The actor of a holder group change that an LDAP synchronisation wrote (issue 28).
inline constexpr char16_t ldapActor[] = u"ldap";
// The actor of alert_fired and alert_resolved, which the server's evaluation of alert rules writes.
inline constexpr char16_t alertsActor[] = u"alerts";
inline constexpr char16_t clientActorPrefix[] = u"client ";

} // namespace keyright
