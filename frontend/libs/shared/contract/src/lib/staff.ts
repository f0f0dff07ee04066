// Staff members (issue 42, docs/product.md#team-members): hand-written until the back end's branch
// regenerates ../generated from the protos. TODO(staff-api merge): replace every type below by the
// generated schema it mirrors (named on each), drop `StaffPaths` and let `ContractPaths` be `paths`.
// The shapes follow the REST contract exactly (camelCase, ids as strings, every field present as
// the gateway prints them).
import type { components, operations, paths } from '../generated/slotwise-api';

type Schemas = components['schemas'];

/** A member as a service lists it (Service.staff; v1StaffRef). */
export interface StaffRef {
  _id: string;
  name: string;
}

/** A member's hours on one weekday (v1WorkingHours): 0 = Sunday as Date.getDay, 24-hour HH:MM, `to` may be "24:00". */
export interface WorkingHours {
  weekday: number;
  from: string;
  to: string;
}

/** A member's own days off (v1Closure's shape). */
export interface StaffClosure {
  _id: string;
  from: string;
  to: string;
  note: string;
}

/** A team member of the signed-in provider (v1StaffMember). */
export interface StaffMember {
  _id: string;
  name: string;
  email: string;
  isOwner: boolean;
  serviceIds: string[];
  hours: WorkingHours[];
  closures: StaffClosure[];
}

/** POST /providers/me/staff. */
export interface StaffCreateRequest {
  name: string;
  email?: string;
  serviceIds: string[];
  hours: WorkingHours[];
}

/** PATCH /providers/me/staff/{id}: any of the fields; arrays replace. */
export type StaffUpdateRequest = Partial<StaffCreateRequest>;

export interface StaffClosureRequest {
  from: string;
  to?: string;
  note?: string;
}

export interface StaffListResponse {
  success: boolean;
  data: StaffMember[];
}

export interface StaffMemberResponse {
  success: boolean;
  data: StaffMember;
  message: string;
}

/** A member's days off changed: the member as they now are (no message). */
export interface StaffClosureResponse {
  success: boolean;
  data: StaffMember;
}

export interface StaffDeleteResponse {
  success: boolean;
  message: string;
}

/** PUT /appointments/{id}/staff. */
export interface ReassignRequest {
  staffId: string;
}

/** What a Service gains (v1Service.staff): the members who perform it, the owner included. */
export interface ServiceStaffFields {
  staff: StaffRef[];
}

/** What an Appointment gains (v1Appointment.staffId, staffName). */
export interface AppointmentStaffFields {
  staffId: string;
  staffName: string;
}

type Json<T> = { 'application/json': T };
type Ok<T, Code extends number = 200> = {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
  responses: { [K in Code]: { headers: { [name: string]: unknown }; content: Json<T> } } & {
    default: { headers: { [name: string]: unknown }; content: Json<Schemas['v1Error']> };
  };
};
type Op<T, Code extends number = 200, Path = never, Query = never, Body = never> = Omit<Ok<T, Code>, 'parameters'> & {
  parameters: { query?: Query; header?: never; cookie?: never } & ([Path] extends [never] ? { path?: never } : { path: Path });
} & ([Body] extends [never] ? { requestBody?: never } : { requestBody: { content: Json<Body> } });
type NoMethods = { get?: never; put?: never; post?: never; delete?: never; options?: never; head?: never; patch?: never; trace?: never };
type Route<M> = { parameters: { query?: never; header?: never; path?: never; cookie?: never } } & Omit<NoMethods, keyof M> & M;
type WithQuery<O, Q> = O extends { parameters: infer P } ? Omit<O, 'parameters'> & { parameters: Omit<P, 'query'> & { query?: Q } } : never;
type WithBody<O, B> = O extends { requestBody?: { content: Json<infer Old> } } ? Omit<O, 'requestBody'> & { requestBody: { content: Json<Old & B> } } : never;

/** The routes the staff contract adds or widens, in openapi-typescript's shape. */
export interface StaffPaths {
  '/providers/me/staff': Route<{
    get: Op<StaffListResponse>;
    post: Op<StaffMemberResponse, 201, never, never, StaffCreateRequest>;
  }>;
  '/providers/me/staff/{id}': Route<{
    patch: Op<StaffMemberResponse, 200, { id: string }, never, StaffUpdateRequest>;
    delete: Op<StaffDeleteResponse, 200, { id: string }>;
  }>;
  '/providers/me/staff/{id}/closures': Route<{
    post: Op<StaffClosureResponse, 201, { id: string }, never, StaffClosureRequest>;
  }>;
  '/providers/me/staff/{id}/closures/{closureId}': Route<{
    delete: Op<StaffClosureResponse, 200, { id: string; closureId: string }>;
  }>;
  '/appointments/{id}/staff': Route<{
    put: Op<Schemas['v1AppointmentResponse'], 200, { id: string }, never, ReassignRequest>;
  }>;
  '/appointments': Omit<paths['/appointments'], 'post'> & {
    post: WithBody<operations['BookingService_CreateAppointment'], { staffId?: string }>;
  };
  '/appointments/{id}/reschedule': Omit<paths['/appointments/{id}/reschedule'], 'put'> & {
    put: WithBody<operations['BookingService_Reschedule'], { staffId?: string }>;
  };
  '/appointments/provider': Omit<paths['/appointments/provider'], 'get'> & {
    get: WithQuery<operations['BookingService_ListProviderAppointments'], { staffId?: string }>;
  };
  '/providers/me/analytics': Omit<paths['/providers/me/analytics'], 'get'> & {
    get: WithQuery<operations['BookingService_GetProviderAnalytics'], { days?: number; staffId?: string }>;
  };
  '/services/{serviceId}/availability': Omit<paths['/services/{serviceId}/availability'], 'get'> & {
    get: WithQuery<operations['BookingService_GetAvailability'], { from?: string; days?: number; staffId?: string }>;
  };
}

/** The paths the app's client is typed by: the generated ones, with the staff routes over them. */
export type ContractPaths = Omit<paths, keyof StaffPaths> & StaffPaths;
