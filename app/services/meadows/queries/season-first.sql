-- season-first: the page
with
  "in_season" as materialized (
    select
      m.id,
      m.sort_name
    from
      meadows m
    where
      m.crop_seasons && $1::text[]
  ),
  page as (
    select
      parts.id,
      row_number() over () as ord
    from
      (
        (
          select
            m.id
          from
            "in_season" m
          order by
            m.sort_name,
            m.id
          limit
            $2
        )
        union all
        (
          select
            m.id
          from
            meadows m
          where
            m.season_mask & $3::smallint <> 0
            and (m.season_mask & $4::smallint <> 0) is not true
          order by
            m.sort_name,
            m.id
          limit
            $5
        )
        union all
        (
          select
            m.id
          from
            meadows m
          where
            (m.season_mask & $6::smallint <> 0) is not true
            and (m.season_mask & $7::smallint <> 0) is not true
          order by
            m.sort_name,
            m.id
          limit
            $8
        )
      ) as parts
    limit
      $9
    offset
      $10
  )
select
  m.id,
  m.name,
  m.city,
  m.country,
  m.price_text,
  m.price_amount,
  m.lat,
  m.lng,
  m.is_demo,
  m.created_at,
  m.crops,
  m.crop_months,
  m.hours_syntax,
  (
    select
      json_build_object(
        'keyPrefix',
        ph.key_prefix,
        'width',
        ph.width,
        'height',
        ph.height,
        'placeholder',
        ph.placeholder
      )
    from
      photos ph
    where
      ph.meadow_id = m.id
    order by
      ph.created_at,
      ph.id
    limit
      1
  ) as first_photo,
  $11::int as matches
from
  page p
  join meadows m on m.id = p.id
order by
  p.ord

-- $1 = "{tulip:6,daffodil:6,hyacinth:6,ranunculus:6,peony:6,allium:6,sweet-pea:6,cornflower:6,larkspur:6,lavender:6,rose:6,lily:6,snapdragon:6,scabious:6,sunflower:6,dahlia:6,zinnia:6,cosmos:6,gladiolus:6,phlox:6,statice:6,strawflower:6,hydrangea:6,aster:6,chrysanthemum:6,holly:6,hellebore:6,strawberry:6,cherry:6,gooseberry:6,redcurrant:6,raspberry:6,blackcurrant:6,blueberry:6,sour-cherry:6,blackberry:6,plum:6,apple:6,pear:6,kiwiberry:6,walnut:6,chestnut:6,quince:6,asparagus:6,tomato:6,bean:6,sweet-corn:6,pumpkin:6,kale:6,brussels-sprouts:6}"
-- $2 = 21
-- $3 = 64
-- $4 = 32
-- $5 = 21
-- $6 = 32
-- $7 = 64
-- $8 = 21
-- $9 = 21
-- $10 = 0
-- $11 = 201
