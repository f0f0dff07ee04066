// The REST contract's models, read from the generated OpenAPI types (../generated).
import type { components } from '../generated/slotwise-api';

type Schemas = components['schemas'];

/**
 * A message as the gateway returns it. Proto3 has no "required", so every property in the
 * OpenAPI document is optional; the gateway marshals with EmitUnpopulated
 * (gateway/internal/rest/marshal.go), so every scalar and list of a returned message is
 * present — false, 0, "" and [] included — and nested messages are set on success. The one
 * nested message that may be unset (a customer's providerInfo, printed as null) is widened
 * below where its model is declared.
 */
export type Emitted<T> = { [K in keyof T]-?: EmittedValue<Exclude<T[K], undefined>> };
type EmittedValue<V> = V extends readonly (infer E)[] ? EmittedValue<E>[] : V extends object ? Emitted<V> : V;

/** The two roles (docs/architecture.md#rules-the-server-enforces); the contract carries them as strings. */
export type Role = 'customer' | 'provider';

/** The appointment status machine (docs/architecture.md#rules-the-server-enforces); the contract carries it as a string. */
export type AppointmentStatus =
  | 'pending'
  | 'scheduled'
  | 'confirmed'
  | 'in-progress'
  | 'completed'
  | 'cancelled'
  | 'rejected'
  | 'no-show';

export type ProviderInfo = Emitted<Schemas['v1ProviderInfo']>;

export type User = Omit<Emitted<Schemas['v1User']>, 'role' | 'providerInfo'> & {
  role: Role;
  /** null for customers */
  providerInfo: ProviderInfo | null;
};

/** A service's first free slot; listings carry it on every service (null: none free), a single service never. */
export type NextAvailable = Emitted<Schemas['v1NextAvailable']>;
export type Service = Omit<Emitted<Schemas['v1Service']>, 'nextAvailable'> & { nextAvailable: NextAvailable | null };

export type Appointment = Omit<Emitted<Schemas['v1Appointment']>, 'status'> & { status: AppointmentStatus };

/** A member as a service lists it (Service.staff): the members who perform it, the owner included (docs/product.md#team-members). */
export type StaffRef = Emitted<Schemas['v1StaffRef']>;
/** A member's hours on one weekday: 0 = Sunday as Date.getDay, 24-hour HH:MM, `to` may be "24:00"; a weekday absent is a day off. */
export type WorkingHours = Emitted<Schemas['v1WorkingHours']>;
/** A team member of the signed-in provider (GET /providers/me/staff); `closures` are their own days off. */
export type StaffMember = Emitted<Schemas['v1StaffMember']>;

/** A provider's public answer under a review, signed with the business name. */
export type ReviewReply = Emitted<Schemas['v1ReviewReply']>;
/** A review; `reply` is null until the provider answers (docs/product.md#replies-and-reports). */
export type Review = Omit<Emitted<Schemas['v1Review']>, 'reply'> & { reply: ReviewReply | null };
/** A review with its open reports, for an operator (GET /reviews/reports). */
export type ReviewReport = Omit<Emitted<Schemas['v1ReviewReport']>, 'review'> & { review: Review };
/** Why a review is reported: the report form's choices. */
export type ReportReason = 'spam' | 'offensive' | 'false' | 'unrelated' | 'other';

/**
 * The home page's figures (GET /stats, composed by the gateway: gateway/internal/rest/stats.go).
 * completedShare is a whole percentage, 0 until an appointment ended.
 */
export type Stats = Emitted<Schemas['gatewayStats']>;
export type StatsResponse = Omit<Emitted<Schemas['gatewayStatsResponse']>, 'data'> & { data: Stats };

/** A provider's days off and queue (docs/product.md#provider-schedule). */
export type Closure = Emitted<Schemas['v1Closure']>;
export type Schedule = Emitted<Schemas['v1Schedule']>;
export type ScheduleResponse = Omit<Emitted<Schemas['v1ScheduleResponse']>, 'data'> & { data: Schedule };

/** A provider's figures over the last 7, 30 or 90 days (GET /providers/me/analytics, docs/product.md). */
export type ProviderAnalytics = Emitted<Schemas['v1ProviderAnalyticsResponse']>;
export type AnalyticsDay = Emitted<Schemas['v1AnalyticsDay']>;
export type AnalyticsHour = Emitted<Schemas['v1AnalyticsHour']>;

export type SlotAvailability = Emitted<Schemas['v1SlotAvailability']>;
export type DayAvailability = Emitted<Schemas['v1DayAvailability']>;

// Responses.
export type AppointmentResponse = Omit<Emitted<Schemas['v1AppointmentResponse']>, 'appointment'> & { appointment: Appointment };
export type AppointmentListResponse = Omit<Emitted<Schemas['v1ListAppointmentsResponse']>, 'appointments'> & {
  appointments: Appointment[];
};
export type AvailabilityResponse = Emitted<Schemas['v1GetAvailabilityResponse']>;
export type ServiceResponse = Omit<Emitted<Schemas['v1GetServiceResponse']>, 'service'> & { service: Service };
export type ServiceListResponse = Omit<Emitted<Schemas['v1ListServicesResponse']>, 'services'> & { services: Service[] };
export type ServiceMutationResponse = Omit<Emitted<Schemas['v1ServiceMutationResponse']>, 'data'> & { data: Service };
export type DeleteServiceResponse = Emitted<Schemas['v1DeleteServiceResponse']>;
export type ReviewListResponse = Omit<Emitted<Schemas['v1ListReviewsResponse']>, 'data'> & { data: Review[] };
export type ProviderReviewListResponse = Omit<Emitted<Schemas['v1ListProviderReviewsResponse']>, 'data'> & { data: Review[] };
export type ReviewResponse = Omit<Emitted<Schemas['v1ReviewResponse']>, 'data'> & { data: Review };
export type ReportReviewResponse = Emitted<Schemas['v1ReportReviewResponse']>;
export type ReportListResponse = Omit<Emitted<Schemas['v1ListReportsResponse']>, 'data'> & { data: ReviewReport[] };
export type DecideReportsResponse = Emitted<Schemas['v1DecideReportsResponse']>;
export type CreateReviewResponse = Omit<Emitted<Schemas['v1CreateReviewResponse']>, 'data'> & { data: Review };
export type ProfileResponse = Omit<Emitted<Schemas['v1ProfileResponse']>, 'user'> & { user: User };
export type LoginResponse = Omit<Emitted<Schemas['v1LoginWithRoleResponse']>, 'user'> & { user: User };
export type RegisterResponse = Omit<Emitted<Schemas['v1RegisterResponse']>, 'user'> & { user: User };
export type UserRoleResponse = Emitted<Schemas['v1GetUserRoleResponse']>;
/** A notification of the signed-in user (notification-svc); `type` names what happened. */
export type AppNotification = Emitted<Schemas['v1Notification']>;
export type NotificationListResponse = Omit<Emitted<Schemas['v1ListNotificationsResponse']>, 'notifications'> & {
  notifications: AppNotification[];
};
export type MarkReadResponse = Omit<Emitted<Schemas['v1MarkReadResponse']>, 'notification'> & { notification: AppNotification };
export type MarkAllReadResponse = Emitted<Schemas['v1MarkAllReadResponse']>;
export type StaffListResponse = Emitted<Schemas['v1StaffListResponse']>;
/** A member added or changed, or their days off changed: the member as they now are, and a message. */
export type StaffResponse = Emitted<Schemas['v1StaffResponse']>;
export type StaffDeleteResponse = Emitted<Schemas['v1DeleteStaffResponse']>;

// Requests: sent as the contract declares them (absent fields are left out).
export type BookingRequest = Schemas['v1CreateAppointmentRequest'];
export type RescheduleRequest = Schemas['BookingServiceRescheduleBody'];
export type RegisterRequest = Schemas['v1RegisterRequest'];
export type LoginRequest = Schemas['v1LoginWithRoleRequest'];
export type ProfileUpdateRequest = Schemas['v1UpdateProfileRequest'];
export type ServiceRequest = Schemas['v1CreateServiceRequest'];
export type CreateReviewRequest = Schemas['v1CreateReviewRequest'];
export type StaffCreateRequest = Schemas['v1CreateStaffRequest'];
/** PATCH /providers/me/staff/{id}: what it carries changes; an empty serviceIds or hours means "unchanged", never "none". */
export type StaffUpdateRequest = Schemas['CatalogServiceUpdateStaffBody'];
export type StaffClosureRequest = Schemas['CatalogServiceAddStaffClosureBody'];
/** PUT /appointments/{id}/staff, answered by an AppointmentResponse. */
export type ReassignRequest = Schemas['BookingServiceReassignAppointmentBody'];

/** The error body of every refused request (docs/architecture.md#rest-conventions): the document's `v1Error`, every field present and success false. */
export type ErrorBody = Emitted<Schemas['v1Error']> & { success: false };

/** An appointment as the API sends it: its status is one of the status machine's (docs/architecture.md#rules-the-server-enforces). */
export const asAppointment = (a: Emitted<Schemas['v1Appointment']>): Appointment => a as Appointment;

/** A user as the API sends it: customer unless the role says provider; no providerInfo for customers. */
export function asUser(u: Emitted<Schemas['v1User']>): User {
  return { ...u, role: u.role === 'provider' ? 'provider' : 'customer', providerInfo: u.providerInfo ?? null };
}
