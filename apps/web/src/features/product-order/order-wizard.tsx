import { Box } from '@mantine/core';
import type { Member, ProductOrder } from '@xp/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, errorsOf, showFailure, toFieldName } from '@/ui/form-errors';
import { SidePanel } from '@/ui/side-panel';
import { useZodForm } from '@/ui/use-zod-form';
import { Wizard, type WizardStep } from '@/ui/wizard';
import { fetchMember, useCatalogue, useCreateProductOrder } from './api';
import { CustomerStep } from './customer-step';
import { DeliveryStep } from './delivery-step';
import { PaymentStep } from './payment-step';
import { ProductStep } from './product-step';
import { SuccessStep } from './success-step';
import { SummaryStep } from './summary-step';
import {
  emptyOrder,
  missingOfMember,
  type OrderFormOutput,
  type OrderFormValues,
  orderFormFields,
  orderFormSchema,
  productChoice,
  stepFields,
  stepOfField,
  toCreateBody,
} from './wizard-form';
import { type ChosenProduct, productsOf } from './wizard-parts';

interface OrderWizardPanelProps {
  opened: boolean;
  onClose: () => void;
  /** The placed order's detail (from the success step). */
  onOpenOrder: (id: number) => void;
}

/**
 * 'Product bestellen' in a side panel: the six steps of spec 001 section 2 (product, customer, delivery,
 * payment, summary, success) on one form. A step opens only when the steps before it are valid; a
 * server error lands on its field, on its step, or else as 'order add failed'.
 */
export function OrderWizardPanel({ opened, onClose, onOpenOrder }: OrderWizardPanelProps) {
  const { t } = useTranslation();
  const form = useZodForm(orderFormSchema, { defaultValues: emptyOrder() });
  const catalogue = useCatalogue(opened);
  const create = useCreateProductOrder();
  const [member, setMember] = useState<Member | null>(null);
  const [memberState, setMemberState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [placed, setPlaced] = useState<ProductOrder | null>(null);
  const [start, setStart] = useState({ key: 0, step: 0 });
  const picking = useRef(0);
  const top = useRef<HTMLDivElement>(null);
  const productId = useWatch({ control: form.control, name: 'productId' });
  const products = useMemo(() => productsOf(catalogue.data), [catalogue.data]);
  const product = products.find((candidate) => candidate.id === productId);

  const startOver = () => {
    form.reset(emptyOrder());
    setMember(null);
    setMemberState('idle');
    setPlaced(null);
    setStart((previous) => ({ key: previous.key + 1, step: 0 }));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh order each time the panel opens
  useEffect(() => {
    if (opened) startOver();
  }, [opened]);

  const choose = (chosen: ChosenProduct) => {
    const choice = productChoice(chosen);
    form.setValue('productId', choice.productId, { shouldDirty: true, shouldValidate: true });
    if (form.getValues('numberType') !== choice.numberType) {
      form.setValue('numberType', choice.numberType);
      form.setValue('iFitOption', null);
      form.setValue('personalTrainerDuration', null);
    }
  };

  const pickMember = async (id: number) => {
    const attempt = ++picking.current;
    form.setValue('memberId', null);
    form.setValue('memberMissing', []);
    setMember(null);
    setMemberState('loading');
    try {
      const loaded = await fetchMember(id);
      if (attempt !== picking.current) return;
      setMember(loaded);
      setMemberState('idle');
      form.setValue('memberMissing', missingOfMember(loaded));
      form.setValue('memberId', loaded.id, { shouldDirty: true, shouldValidate: true });
    } catch {
      if (attempt === picking.current) setMemberState('failed');
    }
  };

  const changeKind = () => {
    form.clearErrors();
  };

  const submit = async (values: OrderFormOutput) => {
    try {
      const order = await create.mutateAsync({ body: toCreateBody(values) });
      setPlaced(order);
    } catch (error) {
      const onFields = errorsOf(error).filter((entry) =>
        orderFormFields.includes(toFieldName(entry.key ?? '').split('.')[0] ?? ''),
      );
      if (onFields.length === 0) {
        showFailure(error, 'productOrder.wizard.addFailed');
        return;
      }
      const { fields } = applyServerErrors(onFields, form.setError, orderFormFields);
      const step = Math.min(...fields.map(stepOfField).filter((index) => index >= 0));
      if (Number.isFinite(step)) setStart((previous) => ({ key: previous.key + 1, step }));
    }
  };

  const steps: WizardStep<OrderFormValues>[] = [
    {
      label: 'productOrder.wizard.steps.product',
      fields: stepFields.product,
      content: <ProductStep form={form} catalogue={catalogue} onChoose={choose} />,
    },
    {
      label: 'productOrder.wizard.steps.customer',
      fields: stepFields.customer,
      content: (
        <CustomerStep
          form={form}
          member={member}
          memberState={memberState}
          onPickMember={(id) => void pickMember(id)}
          onKindChange={changeKind}
        />
      ),
    },
    {
      label: 'productOrder.wizard.steps.delivery',
      fields: stepFields.delivery,
      content: <DeliveryStep form={form} product={product} />,
    },
    {
      label: 'productOrder.wizard.steps.payment',
      fields: stepFields.payment,
      content: <PaymentStep form={form} />,
    },
    {
      label: 'productOrder.wizard.steps.summary',
      content: <SummaryStep form={form} product={product} member={member} />,
    },
  ];

  return (
    <SidePanel
      opened={opened}
      onClose={onClose}
      title={t('productOrder.wizard.title')}
      subtitle={t('productOrder.wizard.subtitle')}
      isDirty={form.formState.isDirty && placed === null}
    >
      <Box ref={top}>
        <Wizard
          key={start.key}
          form={form}
          steps={steps}
          initialStep={start.step}
          onStepChange={() => top.current?.scrollIntoView?.({ block: 'start' })}
          onSubmit={submit}
          submitLabel="productOrder.wizard.submit"
          doneStep={{
            label: 'productOrder.wizard.steps.success',
            content: placed && (
              <SuccessStep
                order={placed}
                onOpen={() => onOpenOrder(placed.id)}
                onAnother={startOver}
                onClose={onClose}
              />
            ),
          }}
          isDone={placed !== null}
        />
      </Box>
    </SidePanel>
  );
}
