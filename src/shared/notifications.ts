/**
 * One item of GET /api/notifications (spec part 1 §3). `title`, `description`
 * and `actionText` are i18n keys (namespace home); `params` fills them.
 */
export interface NotificationItem {
  id: string
  title: string
  description: string
  params: Record<string, string | number>
  category: 'profile' | 'subscription' | 'status' | 'documents' | 'message'
  priority: 'low' | 'medium' | 'high'
  actionUrl: string | null
  actionText: string | null
  read: boolean
  createdAt: number | null
}
