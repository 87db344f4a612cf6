import { Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatXp } from '@/ui/money';

export interface StoreItemPreview {
  name: string;
  description: string;
  storeItemCategory: number;
  cost: number | undefined;
  stock: number | undefined;
  /** The image to show (an object URL of a chosen file, or a CDN URL). */
  imageSrc: string | null;
}

/** The item as employees see it in the shop: image, category, name, description, price and stock. */
export function StoreItemCard({ item }: { item: StoreItemPreview }) {
  const { t } = useTranslation();
  const stock = item.stock ?? 0;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      maw={300}
      aria-label={t('store.preview.label')}
      component="article"
    >
      <Card.Section>
        {item.imageSrc ? (
          <Image src={item.imageSrc} alt={item.name} h={180} fit="cover" />
        ) : (
          <Stack h={180} align="center" justify="center" bg="gray.1" c="dimmed">
            <IconPhoto size={40} aria-hidden />
          </Stack>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Badge variant="light" size="sm">
          {t(`store.category.${item.storeItemCategory}`)}
        </Badge>
        <Text fw={700} lineClamp={2}>
          {item.name || t('store.preview.noName')}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {item.description}
        </Text>
        <Group justify="space-between" mt={4}>
          <Text fw={700} c="blue">
            {item.cost ? formatXp(item.cost) : '–'}
          </Text>
          <Text size="sm" c={stock > 0 ? 'dimmed' : 'red'}>
            {stock > 0 ? t('store.preview.inStock', { count: stock }) : t('store.preview.soldOut')}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
