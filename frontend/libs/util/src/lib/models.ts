// The shapes the REST API returns (spec §3, §7). Plain types so every layer can share them.

export type Role = 'customer' | 'provider';

export interface ProviderInfo {
  businessName: string;
  businessDescription: string;
  businessCategory: string;
  businessHours: string;
  location: string;
  specializations: string[];
  experience: number;
}

export interface User {
  _id: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  address: string;
  /** 'YYYY-MM-DD' or '' */
  dateOfBirth: string;
  gender: string;
  role: Role;
  createdAt: string;
  updatedAt: string;
  providerInfo?: ProviderInfo;
}

export interface Service {
  _id: string;
  name: string;
  category: string;
  description: string;
  /** rupees */
  price: number;
  /** minutes */
  duration: number;
  /** company name */
  provider: string;
  location: string;
  contact: string;
  imageUrl: string;
  isActive: boolean;
  timeSlots: string[];
  avgRating: number;
  totalReviews: number;
  icon: string;
}
