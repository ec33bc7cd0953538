import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BLOG_LIMITS,
  type Blog,
  type BlogPagination,
  type BlogSummary,
  type BlogStatus,
  type Category,
} from '../../../shared/schemas/blog';
import { MULTIPART_HEADERS, api } from '../../lib/api-client';

/** 'scheduled' (docs/product/blog.md#scheduled-publishing): drafts waiting for their publish time, asked for as `scheduled=true`. */
export type StatusFilter = 'all' | BlogStatus | 'scheduled';
export interface BlogListFilters {
  status: StatusFilter;
  /** A category id, or 'all'. */
  category: string;
  page: number;
}
export interface BlogListAnswer {
  blogs: BlogSummary[];
  pagination: BlogPagination;
}

const MULTIPART = { headers: MULTIPART_HEADERS };

/** Exported so the publishing queries (revisions, previews) of a post live under it and reload with it. */
export const BLOGS = ['blog-admin', 'blogs'] as const;
const CATEGORIES = ['blog-admin', 'categories'] as const;

/** docs/product/api.md#calls: status and category are left out when 'all'; the dashboard reads 10 per page. */
export function useBlogs({ status, category, page }: BlogListFilters) {
  return useQuery({
    queryKey: [...BLOGS, 'list', { status, category, page }],
    queryFn: async () => {
      const params: Record<string, string | number> = { page, limit: BLOG_LIMITS.dashboardPageSize };
      if (status === 'scheduled') params.scheduled = 'true';
      else if (status !== 'all') params.status = status;
      if (category !== 'all') params.category = category;
      const { data } = await api.get<BlogListAnswer>('blogs', { params });
      return data;
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useBlog(id: string | null) {
  return useQuery({
    queryKey: [...BLOGS, 'one', id],
    queryFn: async () => (await api.get<Blog>(`blogs/${id}`)).data,
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET /api/categories answers a bare list; an object with `categories` is accepted too. */
export function useCategories() {
  return useQuery({
    queryKey: [...CATEGORIES],
    queryFn: async () => {
      const { data } = await api.get<Category[] | { categories: Category[] }>('categories');
      return Array.isArray(data) ? data : data.categories;
    },
  });
}

/** Every write ends with the list read again (docs/product/api.md#calls: "list reloads"). */
function useBlogWrite<Vars, Result>(request: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...BLOGS] }),
  });
}

/** POST /api/blogs (create) or PUT /api/blogs/{id} (update), multipart. */
export function useSaveBlog() {
  return useBlogWrite(async ({ id, form }: { id: string | null; form: FormData }) => {
    const { data } = id
      ? await api.put<{ success: boolean; blog: Blog }>(`blogs/${id}`, form, MULTIPART)
      : await api.post<{ success: boolean; blog: Blog }>('blogs', form, MULTIPART);
    return data.blog;
  });
}

/** Publish / Archive / Republish: PUT /api/blogs/{id} with JSON {status}. */
export function useSetBlogStatus() {
  return useBlogWrite(async ({ id, status }: { id: string; status: BlogStatus }) => {
    const { data } = await api.put<{ success: boolean; blog: Blog }>(`blogs/${id}`, { status });
    return data.blog;
  });
}

export function useDeleteBlog() {
  return useBlogWrite(async (id: string) => {
    await api.delete(`blogs/${id}`);
  });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; description: string }) => {
      const { data } = await api.post<{ success: boolean; category: Category }>('categories', input);
      return data.category;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...CATEGORIES] }),
  });
}

/** Reads the list again when returning from the editor (docs/product/blog.md#blog-management: back to the list, reloaded). */
export function useReloadBlogs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...BLOGS] });
}
